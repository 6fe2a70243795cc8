/**
 * Everything a batch needs and a page load does not: faker's record generator and the HTTP
 * client (with its status-text table). The ES module build puts this in a lazily loaded chunk.
 */
export { createRecordGenerator } from './generate';
export { sendScim } from './client';
export { addMembers } from './members/add-members';
export { createWithMembers } from './members/create-with-members';
export { rememberCreatedUser } from './members/known-users';
