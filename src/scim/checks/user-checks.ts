import { matchingFilter } from '../flows/sequence';
import { queryUrl } from '../http/query-url';
import type { ScimRecord, ScimUser } from '../records/schemas';
import { isUser } from '../records/records';
import { bodyOf } from '../http/list-response';
import { exchange, listOf, passed, type Check, type CheckContext } from './check';
import { deactivateFromActive, partialPutRoundTrip, updateRoundTrip } from './round-trips';
import { caseVariantDuplicate, duplicateCheck } from './duplicate';
import { realUserName } from './real-values';
import { findsTarget, locationUnderBase, readBack, unknownId, wrongKey } from './shared-checks';

const userOf = ({ target }: CheckContext): ScimUser => {
  if (!isUser(target.record)) throw new Error('A user check needs a user');
  return target.record;
};

const workEmailOf = (record: ScimRecord): string | undefined => (isUser(record) ? record.emails?.find(({ type }) => type === 'work')?.value : undefined);

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
      return findsTarget(context, filter, { why: ', since userName is caseExact false' });
    },
  },
  realUserName,
  duplicateCheck('userName'),
  caseVariantDuplicate,
  unknownId('userName'),
  wrongKey,
  locationUnderBase,
  {
    id: 'paging',
    name: 'Page through users',
    source: 'RFC 7644 §3.4.2.4',
    async run(context) {
      // The batch made ten users, so a list that honours count and startIndex pages them: the second
      // user of the first page is the first of the page that starts at 2 (in the server's order).
      const pages: unknown[][] = [];
      for (const [startIndex, count] of [[1, 2], [2, 1]] as const) {
        const call = await context.send({ method: 'GET', url: queryUrl(context.urls.endpoint, [['startIndex', String(startIndex)], ['count', String(count)]]) });
        const list = listOf(call);
        if ('notList' in list) return { fail: `Expected a ListResponse; ${exchange(call)}, ${list.notList}.` };
        const shown = bodyOf(call)?.startIndex;
        if (shown !== startIndex || list.resources.length > count) {
          return { fail: `Expected startIndex ${startIndex} and at most ${count} Resources; ${exchange(call)} with startIndex ${JSON.stringify(shown)} and ${list.resources.length}.` };
        }
        pages.push(list.resources.map((resource) => resource.id));
      }
      const [[, second], [first]] = pages as [unknown[], unknown[]];
      if (second !== undefined && first !== second) {
        return { fail: `Expected the page at startIndex 2 to begin with id ${String(second)}, the second of the page at 1; it began with id ${String(first)}, so startIndex was not honoured.` };
      }
      return passed;
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
      return { fail: `Expected 200 with id and userName but no emails; ${exchange(call)} with [${keys}].` };
    },
  },
  {
    id: 'externalid-lookup',
    name: 'Look the user up by externalId, as Entra does',
    source: "RFC 7644 §3.4.2.2; Entra's tutorial",
    needs: 'filter',
    applies: ({ profile, target }) => profile === 'entra' && typeof target.record.externalId === 'string',
    run: (context) => findsTarget(context, `externalId eq ${JSON.stringify(context.target.record.externalId)}`),
  },
  {
    id: 'work-email-lookup',
    name: 'Look the user up by work e-mail, as Entra does',
    source: "Entra's tutorial (users are queried by userName or emails[type eq \"work\"]); not RFC 7644 §3.4.2.2's grammar",
    needs: 'filter',
    // A warning, not a failure: Entra's default setup never sends this filter.
    onlyWhen: "Entra sends this form, which RFC 7644's filter grammar lacks, only when its attribute mappings make e-mail the matching attribute; by default it matches users by userName, then externalId.",
    applies: ({ profile, target }) => profile === 'entra' && workEmailOf(target.record) !== undefined,
    run: (context) => findsTarget(context, `emails[type eq "work"].value eq ${JSON.stringify(workEmailOf(context.target.record))}`),
  },
  {
    id: 'deactivate',
    name: "Deactivate an active user in the profile's dialect",
    source: 'RFC 7644 §3.5.2; Entra and Okta deactivate by PATCH',
    needs: 'patch',
    run: deactivateFromActive,
  },
  {
    id: 'update',
    name: "Update the user in the profile's dialect, then put it back",
    source: "RFC 7644 §3.5.2 (Okta: §3.5.1 PUT); the IdPs' update requests",
    needs: 'patch',
    run: updateRoundTrip,
  },
  {
    id: 'partial-put',
    name: 'Clear an attribute a PUT leaves out, as an IdP that updates by PUT expects',
    source: "RFC 7644 §3.5.1 (PUT replaces the resource); the PUT updates of Okta (\"Update a specific User (PUT)\"), OneLogin, Ping and authentik",
    // Every profile whose Update is a PUT: after a GET (Okta, its AIW form) or of what the IdP holds (OneLogin, Ping, authentik).
    applies: ({ dialect }) => !('patch' in dialect.update([])),
    run: partialPutRoundTrip,
  },
];
