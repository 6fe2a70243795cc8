import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { pressAction } from './support/actions';
import { documentedCurlRecipes, scriptFor, type CurlRecipe } from './support/curl-recipes';
import { expect, test, type Host } from './support/fault-page';
import { SHELL_ID, type RecordedRequest } from './support/fault-server';

// Issue 27, H3: a server's ids and locations end up in the cURL commands Details copies. Whatever
// the docs tell a reader to do with such a command, no server text may run as shell code on the
// reader's machine, and the command must repeat the call exactly.

const KEY = 'sk-live-7f3a9c2e51d04b8b';
// `--norc`: bash whose standard input is a socket (Node's pipes are) reads ~/.bashrc otherwise.
const SHELLS = [['sh'], ['bash', '--norc']];

/** The command of each Copy as cURL in the first line's Details, in the order of its calls. */
async function copiedCommands(host: Host, element: Locator): Promise<string[]> {
  await element.getByRole('button', { name: /^Details for / }).first().click();
  const commands: string[] = [];
  for (const button of await element.locator('[part~="result"] [part="details"]').first().getByRole('button', { name: 'Copy as cURL' }).all()) {
    await host.page.evaluate(() => navigator.clipboard.writeText(''));
    await button.click();
    await expect.poll(() => host.page.evaluate(() => navigator.clipboard.readText())).not.toBe('');
    commands.push(await host.page.evaluate(() => navigator.clipboard.readText()));
  }
  return commands;
}

/** Runs the recipe with the command in `shell`, in `directory`, with the key typed in should it ask. */
function run(shell: string[], recipe: CurlRecipe, command: string, directory: string): Promise<string> {
  return new Promise((resolve) => {
    const [program = 'sh', ...options] = shell;
    const child = execFile(program, [...options, '-c', scriptFor(recipe, command, KEY)], { cwd: directory, env: { PATH: process.env.PATH }, timeout: 15_000 }, (error, stdout, stderr) =>
      resolve(`${error ? `${error.message}\n` : ''}${stdout}${stderr}`),
    );
    child.stdin?.end(`${KEY}\n`);
  });
}

const sameCall = (a: RecordedRequest, b: RecordedRequest) => a.method === b.method && a.url === b.url;

test('H3: every documented recipe for running a copied cURL runs no server text as shell code, and repeats the call byte for byte', async ({ host, faults, context }) => {
  const recipes = documentedCurlRecipes();
  expect(recipes.length, 'README.md or docs/ says how to run a copied cURL command').toBeGreaterThan(0);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(host.page.url()).origin });
  await host.page.evaluate((key) => localStorage.setItem('apikey', key), KEY);

  // Users: the PATCH and the DELETE, each with its read-back GET, go to {endpoint}/{id}, and the id is shell code (issue 49: never to a location of its own).
  const users = await host.mount({ 'base-url': faults.baseUrl('shell-text') }, 'users');
  await host.pressAndSettle('users');
  await pressAction(users, 'Deactivate');
  await pressAction(users, 'Delete');
  // Groups with Okta's member PATCH: its body holds the id of a user the batch created to be a member, which is shell code too.
  const groups = await host.mount({ 'base-url': faults.baseUrl('shell-text'), 'resource-type': 'Groups', profile: 'okta' }, 'groups');
  await groups.getByRole('checkbox', { name: 'Add members' }).check();
  await host.pressAndSettle('groups');

  const commands = [...(await copiedCommands(host, users)), ...(await copiedCommands(host, groups))];
  expect(commands.map((command) => / -X (\w+) /.exec(command)?.[1])).toEqual(['POST', 'PATCH', 'GET', 'DELETE', 'GET', 'POST', 'PATCH']);
  expect(commands.filter((command) => command.includes(`/Users/${encodeURIComponent(SHELL_ID).replaceAll("'", "'\\''")}-`))).toHaveLength(4);
  expect(commands.filter((command) => command.includes(JSON.stringify(SHELL_ID).slice(1, -1).replaceAll("'", "'\\''")))).toHaveLength(1);
  const sentByTheElement = faults.requests.filter(({ method }) => method !== 'OPTIONS');

  for (const recipe of recipes) {
    for (const shell of SHELLS) {
      for (const command of commands) {
        const what = `${recipe.path}: ${recipe.code}, in ${shell.join(' ')}, with ${command.slice(0, 60)}…`;
        const directory = await mkdtemp(join(tmpdir(), 'curl-recipe-'));
        const before = faults.requests.length;
        const output = await run(shell, recipe, command, directory);
        // Soft: every recipe, shell and command is tried, and each failure reported.
        expect.soft(await readdir(directory), `${what} ran server text as shell code:\n${output}`).toEqual([]);
        await rm(directory, { recursive: true });

        const sent = faults.requests.slice(before);
        expect.soft(sent, `${what} sent one request:\n${output}`).toHaveLength(1);
        const [repeated] = sent;
        // Creates share their URL: the one this command repeats is the one with its very body.
        const original = repeated && sentByTheElement.find((request) => sameCall(request, repeated) && request.body === repeated.body);
        expect.soft(original, `${what} sent ${repeated?.method} ${repeated?.url} with a body the element never sent:\n${repeated?.body}`).toBeDefined();
        expect.soft(repeated?.headers.authorization, what).toBe(`Bearer ${KEY}`);
        expect.soft([repeated?.headers['content-type'], repeated?.headers.accept], what).toEqual([original?.headers['content-type'], original?.headers.accept]);
      }
    }
  }
});
