// @vitest-environment node
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ERROR_SCHEMA, GROUP_SCHEMA, PATCH_SCHEMA, freshSandboxPerTest, newUser } from '../test-support/test-sandbox';

// Issue 27, M4: whatever filter or PATCH body a client sends, nesting included, the sandbox answers
// below 500, and an error with a SCIM error body.
const fresh = freshSandboxPerTest();

const ATTRIBUTE = fc.constantFrom(
  'userName', 'displayName', 'active', 'title', 'emails', 'emails.value', 'emails.type', 'name.givenName', 'members', 'members.value',
  'groups', 'groups.display', 'id', 'externalId', 'meta.created', 'x', 'emails.x',
  'urn:ietf:params:scim:schemas:core:2.0:User:userName', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager.value',
);
const SUB_ATTRIBUTE = fc.constantFrom('value', 'type', 'primary', 'display', 'x');
const OPERATOR = fc.constantFrom('eq', 'ne', 'co', 'sw', 'ew', 'gt', 'lt', 'ge', 'le', 'pr', 'EQ', 'xx');
const LITERAL = fc.oneof(
  fc.string({ maxLength: 6 }).map((text) => JSON.stringify(text)),
  fc.constantFrom('true', 'false', 'null', '1', '-2.5e3', '"a\\"b"', '"\\\\"', 'TRUE', '"', 'x'),
);
const COMPARISON = fc.tuple(ATTRIBUTE, OPERATOR, LITERAL).map(([attribute, operator, literal]) => (operator === 'pr' ? `${attribute} pr` : `${attribute} ${operator} ${literal}`));

/** Filters from RFC 7644 §3.4.2.2's grammar, and some that break it. */
const FILTER = fc.letrec<{ filter: string }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    COMPARISON,
    fc.tuple(ATTRIBUTE, fc.tuple(SUB_ATTRIBUTE, OPERATOR, LITERAL)).map(([attribute, [sub, operator, literal]]) => `${attribute}[${sub} ${operator} ${literal}]`),
    tie('filter').map((inner) => `not (${inner})`),
    tie('filter').map((inner) => `not ${inner}`),
    tie('filter').map((inner) => `(${inner})`),
    fc.tuple(tie('filter'), fc.constantFrom('and', 'or', 'AND', 'nor'), tie('filter')).map(([left, join, right]) => `${left} ${join} ${right}`),
  ),
})).filter;

/** Nesting far past anything a resource has: parentheses, `not`s, brackets, objects, arrays. */
const DEPTH = fc.integer({ min: 1, max: 3000 });
const DEEP_FILTER = fc.tuple(DEPTH, fc.constantFrom('(', 'not (', 'not not ', 'emails['), COMPARISON).map(([depth, opening, inner]) => {
  const levels = Math.min(depth, 400);
  const closing = opening === 'not not ' ? '' : opening === 'emails[' ? ']' : ')';
  return `${opening.repeat(levels)}${inner}${closing.repeat(levels)}`;
});
const DEEP_VALUE = fc.tuple(DEPTH, fc.boolean()).map(([depth, arrays]) => JSON.parse(`${(arrays ? '[' : '{"a":').repeat(depth)}1${(arrays ? ']' : '}').repeat(depth)}`) as unknown);
const VALUE = fc.oneof(fc.jsonValue({ maxDepth: 4 }), DEEP_VALUE, fc.constant(null));

const PATH = fc.oneof(
  ATTRIBUTE,
  fc.tuple(fc.constantFrom('emails', 'members', 'addresses', 'userName'), FILTER, fc.option(SUB_ATTRIBUTE, { nil: undefined })).map(
    ([attribute, filter, sub]) => `${attribute}[${filter}]${sub === undefined ? '' : `.${sub}`}`,
  ),
  fc.string({ maxLength: 12 }),
);
const OPERATION = fc.oneof(
  fc.record({ op: fc.constantFrom('add', 'replace', 'remove', 'Replace', 'bogus'), path: fc.option(PATH, { nil: undefined }), value: VALUE }, { requiredKeys: ['op'] }),
  fc.constantFrom(null, 1, 'add', [], {}),
);
const OPERATIONS = fc.oneof(fc.array(OPERATION, { maxLength: 6 }), fc.constantFrom(null, {}, 'x'));

async function expectNoServerError(response: Response, request: string): Promise<void> {
  const text = await response.text();
  expect(response.status, `${request} answered ${response.status} ${text.slice(0, 300)}`).toBeLessThan(500);
  if (response.status >= 400) expect((JSON.parse(text) as { schemas?: unknown }).schemas, request).toEqual([ERROR_SCHEMA]);
}

it('answers every filter and every PATCH body, however nested, below 500', async () => {
  const { sandbox, key } = fresh;
  const created = async (path: string, body: unknown) => ((await (await sandbox.scim(path, { method: 'POST', key, body })).json()) as { id: string }).id;
  const user = await created('/Users', newUser('target', { emails: [{ value: 'a@example.org', type: 'work' }] }));
  const group = await created('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'target', members: [{ value: user }] });

  await fc.assert(
    fc.asyncProperty(fc.oneof(FILTER, DEEP_FILTER), OPERATIONS, fc.constantFrom(`/Users/${user}`, `/Groups/${group}`), async (filter, Operations, target) => {
      const search = { schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'], filter, sortBy: 'userName' };
      await expectNoServerError(await sandbox.scim(`/Users?filter=${encodeURIComponent(filter)}`, { key }), `filter=${filter}`);
      await expectNoServerError(await sandbox.scim('/Groups/.search', { method: 'POST', key, body: search }), `Groups/.search ${filter}`);
      await expectNoServerError(await sandbox.scim('/.search', { method: 'POST', key, body: { ...search, sortBy: undefined } }), `/.search ${filter}`);
      const body = JSON.stringify({ schemas: [PATCH_SCHEMA], Operations });
      await expectNoServerError(await sandbox.scim(target, { method: 'PATCH', key, body }), `PATCH ${target} ${body.slice(0, 300)}`);
    }),
    { numRuns: 120 },
  );
}, 120_000);
