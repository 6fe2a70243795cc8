/**
 * The batch layer's lazily loaded part: what a press needs (session.ts: faker's record generator,
 * the run of a batch with the HTTP client, the call log and the member lookup, the follow-up
 * actions, the watch on the stored key), and the drafts of the editor of the records, which imports
 * this chunk. The ES module build puts it in a chunk of its own, so a page pays for it only when
 * the element is about to be used.
 */
export { BatchSession } from './session';
export { draftFor, draftKey, resetDraft } from './draft';
export { readinessRunsFor } from './readiness';
