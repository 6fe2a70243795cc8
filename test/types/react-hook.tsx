// `scim-generator/react`: the hook types its handlers by event name, on the app's own React types.
import { useRef } from 'react';
import type { BatchResult, ItemResult, ScimGeneratorElement } from 'scim-generator';
import { useScimGeneratorEvents, type ScimGeneratorEventHandlers } from 'scim-generator/react';

export function Provisioning({ onResult }: { onResult: (result: ItemResult) => void }) {
  const generator = useRef<ScimGeneratorElement>(null);
  useScimGeneratorEvents(generator, {
    'scim-generator-result': (event) => onResult(event.detail),
    'scim-generator-complete': (event) => {
      const batch: BatchResult = event.detail;
      batch.results.forEach(onResult);
    },
  });
  // @ts-expect-error -- the complete event carries the batch, not one result
  useScimGeneratorEvents(generator, { 'scim-generator-complete': (event) => onResult(event.detail) });
  // @ts-expect-error -- only the element's events have handlers
  useScimGeneratorEvents(generator, { 'scim-generator-done': () => undefined });
  const onlyResults: ScimGeneratorEventHandlers = { 'scim-generator-result': (event) => console.log(event.detail.status) };
  useScimGeneratorEvents(generator, onlyResults);
  return <scim-generator ref={generator} resource-type="Users" />;
}
