// The values both package entries export (src/index.ts in a browser, src/server.ts on a server),
// listed once; custom-elements.json lists them from here too.
export { TAG_NAME } from './constants';
export { RESULT_EVENT, COMPLETE_EVENT, ACTION_RESULT_EVENT, ACTION_COMPLETE_EVENT, CHECK_COMPLETE_EVENT } from './event-names';
export { ATTRIBUTES } from './attribute-table';
