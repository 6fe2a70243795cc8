// @vitest-environment node
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { jsonValue } from '../test-support/json-arbitrary';
import { ENTERPRISE_SCHEMA, ERROR_SCHEMA, PATCH_SCHEMA, freshSandboxPerTest, newUser } from '../test-support/test-sandbox';

// Issue 36, F10: whatever a PATCH holds, an error's detail is the sandbox's own sentence, never the
// text of a JavaScript engine error that scimmy passed on ("'set' on proxy: trap returned falsish…").
const fresh = freshSandboxPerTest();

// What V8's own TypeErrors and RangeErrors say, as seen from scimmy 1.3.5.
const ENGINE_TEXT = /on proxy|trap returned|Cannot (read|set|convert|assign|add|define|redefine|delete|create)|is not (a function|iterable|extensible|a constructor)|Maximum call stack|read only property|Invalid (array|string) length|undefined|\[object /;

const NAME = fc.constantFrom('emails', 'emails.display', 'emails.value', 'name', 'name.givenName', 'active', 'displayName', 'phoneNumbers', 'x', 'value', 'display', 'type', `${ENTERPRISE_SCHEMA}:manager`);
const VALUE = jsonValue(NAME);
const PATH = fc.option(fc.constantFrom('emails', 'emails.display', 'emails[type eq "work"].value', 'emails[value pr]', 'name', 'name.givenName', 'phoneNumbers', 'active', 'x.y'), { nil: undefined });
const OPERATION = fc.record({ op: fc.constantFrom('add', 'replace', 'remove', 'Add'), path: PATH, value: VALUE }, { requiredKeys: ['op'] });

async function patchUser(Operations: unknown[]): Promise<{ status: number; detail?: unknown }> {
  const { sandbox, key } = fresh;
  const created = (await (await sandbox.scim('/Users', { method: 'POST', key, body: newUser(`u.${crypto.randomUUID()}`, { emails: [{ value: 'a@example.org', type: 'work' }] }) })).json()) as { id: string };
  const response = await sandbox.scim(`/Users/${created.id}`, { method: 'PATCH', key, body: { schemas: [PATCH_SCHEMA], Operations } });
  const body = response.status === 204 ? {} : ((await response.json()) as { schemas?: string[]; detail?: unknown });
  if (response.status >= 400) expect(body.schemas).toEqual([ERROR_SCHEMA]);
  return { status: response.status, detail: body.detail };
}

it('answers a null among the values of emails, then a path-less emails.display, in its own words', async () => {
  const { status, detail } = await patchUser([
    { op: 'add', path: 'emails', value: [null] },
    { op: 'add', value: { 'emails.display': 'x' } },
  ]);
  expect(status).toBe(400);
  expect(detail).toBe("Operation 1 ('add') of this PATCH holds a value the sandbox cannot apply to its attribute: a null, or a value of another shape than the attribute's.");
});

it('never answers a PATCH with an engine error text', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(OPERATION, { minLength: 1, maxLength: 3 }), async (Operations) => {
      const { status, detail } = await patchUser(Operations);
      if (status >= 400) expect(String(detail), JSON.stringify(Operations)).not.toMatch(ENGINE_TEXT);
    }),
    { numRuns: 60 },
  );
}, 90_000);
