import type { GeneratorConfig } from '../page/config';
import type { ScimRecord } from '../scim/records/schemas';
import type { ResourceSchema } from '../scim/server-schema/definitions';
import type { GeneratorState, RecordDraft } from './state';

let drafts = 0;

/**
 * What a draft's records were made for: their resource type and profile (issue 52: edits last until
 * either changes), and where their shape came from (`schema`, and the server it was read from).
 */
export const draftKey = ({ resourceType, profile, schema, baseUrl }: GeneratorConfig) => JSON.stringify([resourceType, profile, schema, baseUrl]);

/**
 * The draft the editor holds for these settings; undefined when it has none, or one made for others.
 * Records no one has edited yet are made again with a new "Create activated users"; edited ones keep
 * what the reader wrote.
 */
export function draftFor({ choices, editor: { draft } }: Pick<GeneratorState, 'choices' | 'editor'>, config: GeneratorConfig): RecordDraft | undefined {
  if (draft?.madeFor !== draftKey(config)) return undefined;
  return draft.text === draft.generatedText && draft.active !== choices.active ? undefined : draft;
}

/** A draft of freshly generated records, shown as the editor shows them (two spaces: a line per attribute). */
export function newDraft(config: GeneratorConfig, active: boolean, generated: readonly ScimRecord[], schema: ResourceSchema | undefined): RecordDraft {
  const generatedText = JSON.stringify(generated, null, 2);
  return { id: ++drafts, madeFor: draftKey(config), active, generated, schema, generatedText, text: generatedText };
}

/** The same draft with its edits undone: a new id, so the editor's text box starts afresh. */
export const resetDraft = (draft: RecordDraft): RecordDraft => ({ ...draft, id: ++drafts, text: draft.generatedText });
