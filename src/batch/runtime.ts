/**
 * The batch layer's lazily loaded part: faker's record generator and the run of a batch (the
 * HTTP client, the call log, the member lookup, the follow-up actions, the watch on the stored key). The ES module build puts
 * it in a chunk of its own, so a page pays for it only when the element is about to be used.
 */
export { createRecordGenerator } from '../scim/generate';
export { runBatch } from './run-batch';
export { watchApiKey } from './watch-api-key';
export { readinessRunsFor } from './readiness';
