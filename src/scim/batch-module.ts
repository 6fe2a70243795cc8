/**
 * Everything a batch needs and a page load does not: faker's record generator and the HTTP
 * client (with its status-text table). The ES module build puts this in a lazily loaded chunk.
 */
export { createRecordGenerator } from './generate';
export { sendScim } from './client';
