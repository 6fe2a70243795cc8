/**
 * Everything a batch needs and a page load does not: faker's record generator, the HTTP client
 * (with its status-text table), the 401/429 notice and the follow-up actions. The ES module build
 * puts this in a lazily loaded chunk.
 */
export { createRecordGenerator } from './generate';
export { addMembers } from './members/add-members';
export { createWithMembers } from './members/create-with-members';
export { forgetDeletedUser, rememberCreatedUser } from './members/known-users';
export { BatchActions } from '../batch-actions';
export { ActionBar } from '../widget/ActionBar';
export { ActionOutcome } from '../widget/ActionOutcome';
export { Notice } from '../widget/Notice';
export { curlCommand } from './curl';
export { harFileName, harOf } from './har';
export { HarDownload } from '../widget/HarDownload';
export { LineDetails } from '../widget/LineDetails';
