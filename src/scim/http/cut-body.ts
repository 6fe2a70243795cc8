import type { ScimCall } from './call';

/** Why the client cuts a body (see read-response.ts), as the verdicts, notes and check lines say it. */
export const CUT_BODY = 'cut (longer than 256 KB, stalled, or unfinished in time)';

/** Whether the call's answer was cut: its body is kept as text, so nothing in it can be read as JSON. */
export const wasCut = (call: Pick<ScimCall, 'response'>): boolean => call.response?.truncated === true;
