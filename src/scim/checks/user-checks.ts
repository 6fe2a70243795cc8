import { ERROR_SCHEMA } from '../protocol';
import { matchingFilter } from '../sequence';
import { queryUrl } from '../query-url';
import { scimUrl } from '../scim-url';
import type { ScimUser } from '../schemas';
import { isUser } from '../records';
import { resourceUrl } from '../resource-url';
import { bodyOf } from '../list-response';
import { answered, listOf, passed, type Check, type CheckContext, type CheckVerdict } from './check';
import { findsTarget, readBack } from './shared-checks';

const userOf = ({ target }: CheckContext): ScimUser => {
  if (!isUser(target.record)) throw new Error('A user check needs a user');
  return target.record;
};

/** GET the user; its `active` as the check expects it, or why not. */
async function activeIs(context: CheckContext, active: boolean): Promise<string | undefined> {
  const call = await context.send({ method: 'GET', url: context.target.url });
  const shown = bodyOf(call)?.active;
  return call.status === 200 && shown === active ? undefined : `a GET to show active ${active}, got ${answered(call)} with active ${JSON.stringify(shown)}`;
}

export const USER_CHECKS: Check[] = [
  readBack('user', 'userName'),
  {
    id: 'lookup',
    name: 'Look the user up by userName',
    source: 'RFC 7644 §3.4.2.2; Entra and Okta match users so',
    needs: 'filter',
    run: (context) => findsTarget(context, matchingFilter(userOf(context))),
  },
  {
    id: 'lookup-ignoring-case',
    name: 'Look the user up by userName in capitals',
    source: 'RFC 7643 §4.1.1 (userName is caseExact false); Okta SCIM 2.0 Spec Test',
    needs: 'filter',
    run: (context) => {
      const { userName } = userOf(context);
      const filter = matchingFilter({ ...userOf(context), userName: userName.toUpperCase() });
      return findsTarget(context, filter, ', since userName is caseExact false');
    },
  },
  {
    id: 'duplicate',
    name: 'Refuse a duplicate userName',
    source: 'RFC 7644 §3.3 (409, scimType uniqueness); Okta and Entra rely on it',
    async run(context) {
      const { urls, target } = context;
      const call = await context.send({ method: 'POST', url: urls.endpoint, body: target.record });
      if (call.status === 409 && bodyOf(call)?.scimType === 'uniqueness') return passed;
      const expected = `Expected 409 with scimType uniqueness, got ${answered(call)}`;
      if (!call.ok) return { fail: `${expected}.` };
      // The server made a second user: delete it at once, so the check leaves nothing behind.
      const url = call.id === undefined ? null : resourceUrl(urls.endpoint, call.id, call.location);
      if (!url) return { fail: `${expected}: the server made a duplicate, which could not be deleted (no usable id).` };
      const deleted = await context.send({ method: 'DELETE', url });
      return { fail: `${expected}: the server made a duplicate, ${deleted.ok ? 'which was deleted' : `whose DELETE answered ${answered(deleted)}`}.` };
    },
  },
  {
    id: 'unknown-id',
    name: 'Answer 404 for an unknown id',
    source: 'RFC 7644 §3.12',
    async run(context) {
      const call = await context.send({ method: 'GET', url: scimUrl(context.urls.endpoint, [crypto.randomUUID()]) });
      const schemas = bodyOf(call)?.schemas;
      if (call.status === 404 && Array.isArray(schemas) && schemas.includes(ERROR_SCHEMA)) return passed;
      return { fail: `Expected 404 with the SCIM Error schema, got ${answered(call)}${call.status === 404 ? ' without it' : ''}.` };
    },
  },
  {
    id: 'paging',
    name: 'Page through users',
    source: 'RFC 7644 §3.4.2.4',
    async run(context) {
      const call = await context.send({ method: 'GET', url: queryUrl(context.urls.endpoint, [['startIndex', '1'], ['count', '2']]) });
      const list = listOf(call);
      if ('notList' in list) return { fail: `Expected a ListResponse, ${list.notList}.` };
      const startIndex = bodyOf(call)?.startIndex;
      if (startIndex === 1 && list.resources.length <= 2) return passed;
      return { fail: `Expected startIndex 1 and at most 2 Resources, got startIndex ${JSON.stringify(startIndex)} and ${list.resources.length}.` };
    },
  },
  {
    id: 'projection',
    name: 'Return only the attributes asked for',
    source: 'RFC 7644 §3.9',
    async run(context) {
      const call = await context.send({ method: 'GET', url: queryUrl(context.target.url, [['attributes', 'userName']]) });
      const body = bodyOf(call);
      if (call.status === 200 && body?.id === context.target.id && typeof body.userName === 'string' && !('emails' in body)) return passed;
      const keys = Object.keys(body ?? {}).join(', ');
      return { fail: `Expected 200 with id and userName but no emails, got ${answered(call)} with [${keys}].` };
    },
  },
  {
    id: 'deactivate-reactivate',
    name: "Deactivate and reactivate in the profile's dialect",
    source: 'RFC 7644 §3.5.2; Entra and Okta deactivate by PATCH',
    needs: 'patch',
    async run(context): Promise<CheckVerdict> {
      for (const active of [false, true]) {
        const patch = await context.send({ method: 'PATCH', url: context.target.url, body: context.setActive(active) });
        if (!patch.ok) return { fail: `Expected the PATCH of active ${active} to succeed, got ${answered(patch)}.` };
        const wrong = await activeIs(context, active);
        if (wrong) return { fail: `Expected ${wrong}.` };
      }
      return passed;
    },
  },
];
