import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { READINESS_COMPLETE_EVENT } from '../src/public/event-names';
import { IDP_PROFILES } from '../src/scim/profiles/names';
import type { ReadinessVerdict } from '../src/entries/index';
import { recordEvents, showGenerator, storeApiKey } from './support/generator';
import { bundleSite } from './support/http';
import { expect, test } from './support/page-errors';
import { DEFECTS } from './support/readiness-defects';
import { listenWithSandbox } from './support/sandbox';
import { decided } from '../src/test-support/verdict-decided';

// Issue 53: `scim-generator ready` and the element's "Ready for all N?" give the same verdicts on the
// same server, here the sandbox behind a defect that blocks Entra, so that a verdict with a blocker
// is compared too, not only "ready" everywhere.

// The duplicate checks' 409s, the unknown ids' 404s and the defect's 400s are answers the run asks for.
test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of (400|404|409)\b/] });

test('the CLI and the element give the same verdict for every IdP on the same server', async ({ page }) => {
  const defect = DEFECTS.find(({ name }) => name.startsWith('capitalised PATCH ops'));
  const app = bundleSite();
  defect?.misbehave(app);
  const site = await listenWithSandbox(app);
  try {
    const apiKey = await site.createApiKey('pro');
    await storeApiKey(page, apiKey);
    const element = await showGenerator(page, site.url, {});
    const events = await recordEvents(page, [READINESS_COMPLETE_EVENT]);
    await element.getByRole('button', { name: `Ready for all ${IDP_PROFILES.length}?` }).click();
    await expect.poll(async () => (await events()).length, { timeout: 300_000 }).toBe(IDP_PROFILES.length);
    const inPage = (await events()).map(({ detail }) => detail as ReadinessVerdict);

    // The built CLI (dist/cli.js), as the package's `bin` runs it.
    const file = join(await mkdtemp(join(tmpdir(), 'scim-ready-')), 'verdicts.json');
    const cli = promisify(execFile)(process.execPath, ['dist/cli.js', 'ready', site.scimUrl, '--json', file], { env: { ...process.env, SCIM_TOKEN: apiKey } });
    await expect(cli).rejects.toMatchObject({ code: 1 });
    const fromCli = JSON.parse(await readFile(file, 'utf8')) as ReadinessVerdict[];

    expect(inPage.find(({ profile }) => profile === 'entra')?.ready).toBe(false);
    expect(fromCli.map(decided)).toEqual(inPage.map(decided));
  } finally {
    await page.close();
    await site.close();
  }
});
