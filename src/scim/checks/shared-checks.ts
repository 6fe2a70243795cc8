import type { CallRequest, ScimCall } from '../http/call';
import { wasCut } from '../http/cut-body';
import { queryUrl } from '../http/query-url';
import { scimUrl } from '../http/scim-url';
import { ERROR_SCHEMA, PATCH_OP_SCHEMA } from '../protocol';
import { NOT_THE_KEY } from '../secrets/key-token';
import { bodyOf } from '../http/list-response';
import { sameIgnoringCase } from '../flows/lookup';
import { exchange, listOf, passed, type Check, type CheckContext, type CheckVerdict } from './check';

interface Lookup {
  /** The id it must find: the target's unless given. */
  id?: string;
  /** Why the target must be found, appended to the expectation (`, since userName is caseExact false`). */
  why?: string;
  /** Query parameters sent before the filter. */
  query?: [string, string][];
  /** What else the one resource found must be, as a clause when it is not (`it lists members`). */
  besides?(resource: Record<string, unknown>): string | undefined;
}

/** Looks up `filter` and expects exactly the target's id, or `id` (RFC 7644 §3.4.2.2). */
export async function findsTarget(context: CheckContext, filter: string, { id = context.target.id, why = '', query = [], besides }: Lookup = {}): Promise<CheckVerdict> {
  const call = await context.send({ method: 'GET', url: queryUrl(context.urls.endpoint, [...query, ['filter', filter]]) });
  const list = listOf(call);
  const expected = `Expected ${filter} to find exactly id ${id}${why}`;
  if ('notList' in list) return { fail: `${expected}, but ${call.ok ? list.notList : exchange(call)}.` };
  const ids = list.resources.map((resource) => resource.id);
  if (list.total !== 1 || ids.length !== 1 || ids[0] !== id) return { fail: `${expected}, got totalResults ${list.total} and ids [${ids.join(', ')}] (${exchange(call)}).` };
  const otherwise = list.resources[0] && besides?.(list.resources[0]);
  return otherwise ? { fail: `${expected}, but ${otherwise} (${exchange(call)}).` } : passed;
}

/** GET the resource and expect 200 with the record's `attribute` (RFC 7644 §3.4.1). */
export function readBack(noun: string, attribute: 'userName' | 'displayName'): Check {
  return {
    id: 'read-back',
    name: `Read back the created ${noun}`,
    source: 'RFC 7644 §3.4.1',
    async run(context) {
      const expected: unknown = Reflect.get(context.target.record, attribute);
      const call = await context.send({ method: 'GET', url: context.target.url });
      const shown = bodyOf(call)?.[attribute];
      if (call.status === 200 && sameIgnoringCase(shown, expected)) return passed;
      return { fail: `Expected 200 with ${attribute} ${JSON.stringify(expected)}; ${exchange(call)} with ${attribute} ${JSON.stringify(shown)}.` };
    },
  };
}

const isScimError = (call: ScimCall) => {
  const schemas = bodyOf(call)?.schemas;
  return Array.isArray(schemas) && schemas.includes(ERROR_SCHEMA);
};

/** Why `call` is not `status` with the SCIM Error schema (RFC 7644 §3.12), or undefined when it is. */
function notScimError(call: ScimCall, status: number, forWhat = ''): string | undefined {
  if (call.status === status && isScimError(call)) return undefined;
  return `Expected ${status} with the SCIM Error schema${forWhat}; ${exchange(call)}${call.status === status && call.scimType ? ' without that schema' : ''}.`;
}

/**
 * GET, PATCH and DELETE a random id, each expecting 404 with the SCIM Error schema (RFC 7644 §3.12;
 * §3.6 for DELETE). The id is Check's own random uuid, which no resource has, so the guard lets the writes go.
 */
export function unknownId(attribute: 'userName' | 'displayName'): Check {
  return {
    id: 'unknown-id',
    name: 'Answer 404 to GET, PATCH and DELETE of an unknown id',
    source: 'RFC 7644 §3.12, §3.6',
    async run(context) {
      const url = scimUrl(context.urls.endpoint, [crypto.randomUUID()]);
      context.adopt(url);
      const requests: CallRequest[] = [
        { method: 'GET', url },
        { method: 'PATCH', url, body: { schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'replace', path: attribute, value: 'scim-generator-check' }] } },
        { method: 'DELETE', url },
      ];
      for (const request of requests) {
        const call = await context.send(request);
        const fail = notScimError(call, 404);
        if (fail) return { fail };
      }
      return passed;
    },
  };
}

/**
 * A GET of the target with a key that is not the key, expecting 401 with the SCIM Error schema: RFC
 * 7644 §3.12 answers errors in JSON, and Okta's SCIM 2.0 Spec Test requires it ("Check status 401").
 */
export const wrongKey: Check = {
  id: 'wrong-key',
  name: 'Refuse a wrong key with a SCIM 401',
  source: "RFC 7644 §3.12; Okta's SCIM 2.0 Spec Test",
  async run(context) {
    const call = await context.send({ method: 'GET', url: context.target.url, apiKey: NOT_THE_KEY });
    const fail = notScimError(call, 401, ' for a wrong key');
    return fail ? { fail } : passed;
  },
};

/** Whether `location`, resolved against the endpoint, is on its origin and below it. */
function underEndpoint(location: string, endpoint: string): boolean {
  try {
    const url = new URL(location, endpoint);
    const collection = new URL(endpoint);
    const path = collection.pathname.replace(/\/+$/, '');
    return url.origin === collection.origin && url.pathname.startsWith(path) && url.pathname.charAt(path.length) === '/';
  } catch {
    return false;
  }
}

/**
 * The target's `meta.location` (or a Location header) names it under base-url (RFC 7643 §3.1: the
 * resource's URI; RFC 7644 §3.1). A server that builds it from the request's Origin names the page's
 * host: the element never calls it, and says so here.
 */
export const locationUnderBase: Check = {
  id: 'location',
  name: 'Give meta.location under base-url',
  source: 'RFC 7643 §3.1',
  async run(context) {
    const call = await context.send({ method: 'GET', url: context.target.url });
    if (call.status !== 200 || wasCut(call)) return { fail: `Expected 200 with meta.location; ${exchange(call)}.` };
    if (call.location === undefined || underEndpoint(call.location, context.urls.endpoint)) return passed;
    return { fail: `Expected meta.location under ${context.urls.endpoint}; ${exchange(call)} with location ${call.location}, which the element ignores.` };
  },
};
