import type { GeneratorConfig } from '../page/config';
import type { ScimRecord } from '../scim/records/schemas';
import type { ResourceSchema } from '../scim/server-schema/definitions';
import type { EditorState, RecordDraft } from './state';

let drafts = 0;

/**
 * What a draft's records were made for: their resource type and profile (issue 52: edits last until
 * either changes), and where their shape came from (`schema`, and the server it was read from).
 */
export const draftKey = ({ resourceType, profile, schema, baseUrl }: GeneratorConfig) => JSON.stringify([resourceType, profile, schema, baseUrl]);

/** The draft the editor holds for these settings; undefined when it has none, or one made for others. */
export function draftFor({ draft }: EditorState, config: GeneratorConfig): RecordDraft | undefined {
  return draft?.madeFor === draftKey(config) ? draft : undefined;
}

/** A draft of freshly generated records, shown as the editor shows them (two spaces: a line per attribute). */
export function newDraft(config: GeneratorConfig, generated: readonly ScimRecord[], schema: ResourceSchema | undefined): RecordDraft {
  const generatedText = JSON.stringify(generated, null, 2);
  return { id: ++drafts, madeFor: draftKey(config), generated, schema, generatedText, text: generatedText };
}

/** The same draft with its edits undone: a new id, so the editor's text box starts afresh. */
export const resetDraft = (draft: RecordDraft): RecordDraft => ({ ...draft, id: ++drafts, text: draft.generatedText });
