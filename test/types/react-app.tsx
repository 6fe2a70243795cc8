// React 19 renders <scim-generator> with typed attributes, ref and event props.
import { useRef } from 'react';
import { createRoot } from 'react-dom/client';
import type { ItemResult, ScimGeneratorElement } from 'scim-generator';
import 'scim-generator';

function App({ onResult }: { onResult: (result: ItemResult) => void }) {
  const element = useRef<ScimGeneratorElement>(null);
  return (
    <main>
      <scim-generator
        ref={element}
        id="groups"
        className="generator"
        style={{ '--scim-generator-accent-color': 'rebeccapurple' } as React.CSSProperties}
        resource-type="Groups"
        base-url="https://scim.example.com/scim/v2"
        api-key-url="https://example.com/apikey/"
        timeout={5000}
        plan-card-selector=".plan"
        onscim-generator-result={(event) => onResult(event.detail)}
        onscim-generator-complete={(event) => event.detail.results.forEach(onResult)}
      />
      <scim-generator timeout="10000" />
      <scim-generator profile="okta" seed={2026} />
      <scim-generator profile="entra" seed="42" />
      {/* @ts-expect-error -- only basic, full, entra and okta are profiles */}
      <scim-generator profile="azure" />
      {/* @ts-expect-error -- only Users and Groups are resource types */}
      <scim-generator resource-type="Roles" />
      {/* @ts-expect-error -- a misspelt attribute without a hyphen (TypeScript lets unknown hyphenated names pass, as for data-*) */}
      <scim-generator timout="5000" />
      {/* @ts-expect-error -- the complete event carries every result, not one */}
      <scim-generator onscim-generator-complete={(event) => onResult(event.detail)} />
    </main>
  );
}

createRoot(document.body).render(<App onResult={(result) => console.log(result.status, result.statusText)} />);
