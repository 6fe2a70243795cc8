// The values every package entry exports (src/entries/index.ts in a browser, src/entries/eager.ts for scim-generator/define, src/entries/server.ts on a server),
// listed once; custom-elements.json lists them from here too.
export { TAG_NAME } from './constants';
export { RESULT_EVENT, COMPLETE_EVENT, ACTION_RESULT_EVENT, ACTION_COMPLETE_EVENT, CHECK_COMPLETE_EVENT } from './event-names';
export { ATTRIBUTES } from './attribute-names';
