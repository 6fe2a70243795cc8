import { curl } from './curl';
import { javascript } from './javascript';
import { powershell } from './powershell';
import { python } from './python';
import type { SnippetTarget } from './target';

export type { SnippetTarget } from './target';

/** The languages of Copy as and Copy report, in the order offered; the first is the default. */
export const SNIPPET_TARGETS: readonly [SnippetTarget, ...SnippetTarget[]] = [curl, powershell, javascript, python];

/** The target with this id; the default (cURL) for an unknown or missing one. */
export function snippetTarget(id: string | null | undefined): SnippetTarget {
  return SNIPPET_TARGETS.find((target) => target.id === id) ?? SNIPPET_TARGETS[0];
}
