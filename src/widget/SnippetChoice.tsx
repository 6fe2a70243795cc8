import { parts } from '../public/parts';
import { SNIPPET_TARGETS } from '../scim/snippets';
import { chooseSnippetTarget, useSnippetTarget } from './snippet-choice';

/** The language of every Copy as button and of Copy report: one choice for the page, kept across reloads. */
export function SnippetChoice() {
  const target = useSnippetTarget();
  return (
    <label className="snippet-language">
      Copy as
      <select part={parts('snippet-language')} value={target.id} onChange={(event) => chooseSnippetTarget(event.target.value)}>
        {SNIPPET_TARGETS.map(({ id, label }) => (
          <option key={id} value={id}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}
