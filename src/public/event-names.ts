/**
 * The names of the events the element dispatches (their table, with the details, is events.ts).
 * Apart from constants.ts so that they load with the batch layer that dispatches them, not with
 * the element's chunk; like it, this module imports nothing, so any layer and Node-side code may use it.
 */
export const RESULT_EVENT = 'scim-generator-result';
export const COMPLETE_EVENT = 'scim-generator-complete';
export const ACTION_RESULT_EVENT = 'scim-generator-action-result';
export const ACTION_COMPLETE_EVENT = 'scim-generator-action-complete';
export const CHECK_COMPLETE_EVENT = 'scim-generator-check-complete';
export const READINESS_COMPLETE_EVENT = 'scim-generator-readiness-complete';
