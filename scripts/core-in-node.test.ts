// @vitest-environment node
// Issue 46: the core is plain TypeScript. Under `node --import tsx`, with no Vite and no resolve hook,
// every profile, the action table and the checks load, and a record and an action request come out.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));

const SCRIPT = `
import { PROFILE_MODULES } from './src/scim/profiles/index.ts';
import { ACTION_KINDS } from './src/scim/actions/table.ts';
import { runChecks } from './src/scim/checks/run-checks.ts';
import { createRecordGenerator } from './src/scim/generate.ts';
const generate = createRecordGenerator(7);
const out = {
  profiles: Object.keys(PROFILE_MODULES),
  actions: ACTION_KINDS,
  checks: typeof runChecks,
  users: Object.fromEntries(Object.keys(PROFILE_MODULES).map((profile) => [profile, generate('Users', { profile })[0]])),
  deactivate: PROFILE_MODULES.entra.dialect.deactivate(false),
};
console.log(JSON.stringify(out));
`;

describe('the core under plain Node', () => {
  it('imports every profile, the action table and the checks, and makes a record and an action request', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: root });
    const out = JSON.parse(stdout) as {
      profiles: string[];
      actions: string[];
      checks: string;
      users: Record<string, { schemas: string[]; userName: string }>;
      deactivate: { schemas: string[]; Operations: { op: string; value?: unknown }[] };
    };
    expect(out.profiles).toEqual(expect.arrayContaining(['basic', 'full', 'entra', 'okta']));
    expect(out.actions).toContain('deactivate');
    expect(out.checks).toBe('function');
    for (const user of Object.values(out.users)) {
      expect(user.schemas).toContain('urn:ietf:params:scim:schemas:core:2.0:User');
      expect(user.userName).toMatch(/\S/);
    }
    expect(out.deactivate.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:PatchOp']);
    // Entra's documented form: `{ op: 'Replace', path: 'active', value: 'False' }`.
    expect(out.deactivate.Operations).toEqual([expect.objectContaining({ path: 'active', value: 'False' })]);
  });
});
