import type { RequestHandler } from 'express';
import { SCIM_ERROR_SCHEMA } from '../scim/scim-error';

/**
 * The phrases of V8's own errors (TypeError, RangeError) that reach a scimmy 1.3.5 error's detail:
 * scimmy turns any TypeError its checks meet, its own or the engine's, into a 400 or 500 with the
 * error's message, so a value it does not expect (a null among `emails`) shows the engine's words.
 */
const ENGINE_MESSAGE =
  /'\w+' on proxy|trap returned|Cannot (read|set) propert|Cannot (convert|assign to|add property|define property|redefine property|delete property|create property)|is not (a function|iterable|extensible|a constructor)|Maximum call stack|read[- ]only property|Invalid (array|string) length|before initialization|circular structure|\[object \w+\]/;

// scimmy names the PATCH operation an error came from at the end of its message.
const PATCH_OPERATION = /for '(\w+)' op of operation (\d+) in PatchOp request body/;

/** The sandbox's own sentence for an engine error's detail, naming the PATCH operation where scimmy did. */
function ownDetail(detail: string): string {
  const [, op, index] = PATCH_OPERATION.exec(detail) ?? [];
  const what = "a value the sandbox cannot apply to its attribute: a null, or a value of another shape than the attribute's.";
  return op ? `Operation ${index} ('${op}') of this PATCH holds ${what}` : `The request holds ${what}`;
}

/**
 * Every SCIM error the sandbox sends has a detail the sandbox wrote: a detail in an engine's words
 * (see ENGINE_MESSAGE) becomes the sandbox's sentence, with the same status and scimType. Mounted
 * before scimmy-routers, whose error handler sends the message of whatever was thrown.
 */
export const ownErrorText: RequestHandler = (_req, res, next) => {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    const error = body as { schemas?: unknown; detail?: unknown } | null;
    const isError = Array.isArray(error?.schemas) && error.schemas.includes(SCIM_ERROR_SCHEMA);
    if (isError && typeof error.detail === 'string' && ENGINE_MESSAGE.test(error.detail)) {
      return json({ ...error, detail: ownDetail(error.detail) });
    }
    return json(body);
  };
  next();
};
