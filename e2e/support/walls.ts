import { API_KEY_STORAGE_NAME } from '../../src/public/constants';
import { RESULT_EVENT } from '../../src/public/event-names';
import type { ItemResult } from '../../src/entries/index';
import { expect, type Host, type HostWindow } from './fault-page';
import type { FaultServer } from './fault-server';
import { downloadHar } from './har-download';

// What e2e/walls.spec.ts and e2e/mixed-content.spec.ts look for: each wall's diagnosis wherever the element shows it.

const KEY = 'k-walls-secret-0037';
/** A name that is not local, so the browser counts an http URL to it as mixed content on an https page. */
export const REMOTE_HOST = 'scim.walls.test';

interface Where {
  pageOrigin: string;
  server: string;
  /** base-url's path. */
  path: string;
}

export interface Wall {
  statusText: string;
  diagnosis: ItemResult['diagnosis'];
  /** What the first line's detail must name: the cause's fix. */
  names: (where: Where) => string[];
  /** What each of the other nine lines says instead, briefly. */
  brief: (where: Where) => string;
  probes: number;
}

export const WALLS = {
  'cors-origin': {
    statusText: 'Blocked by CORS',
    diagnosis: 'cors-origin',
    names: ({ pageOrigin, server }) => [`Access-Control-Allow-Origin: ${pageOrigin}`, `npx scim-generator relay ${server}/`, `--origin ${pageOrigin} on your machine`],
    brief: ({ path }) => `check base-url's path (${path}), then CORS, as the first line says.`,
    probes: 2,
  },
  'cors-preflight': {
    statusText: 'Blocked by CORS',
    diagnosis: 'cors-preflight',
    names: ({ pageOrigin, server }) => ['preflight (OPTIONS)', 'Access-Control-Allow-Methods: POST, PATCH, DELETE', 'Access-Control-Allow-Headers: Authorization, Content-Type', `npx scim-generator relay ${server}/`, `--origin ${pageOrigin} on your machine`],
    brief: () => 'the preflight (OPTIONS) refused this call, as the first line says.',
    probes: 1,
  },
  unreachable: {
    statusText: 'Unreachable',
    diagnosis: 'unreachable',
    names: ({ server }) => [`Nothing answered at ${server}`],
    brief: ({ server }) => `nothing answered at ${server}, as the first line says.`,
    probes: 2,
  },
  'mixed-content': {
    statusText: 'Blocked: mixed content',
    diagnosis: 'mixed-content',
    names: ({ server }) => [`base-url (${server}) is http`, 'Serve the API over https'],
    brief: () => 'an http base-url from this https page, not sent, as the first line says.',
    probes: 0,
  },
} satisfies Record<string, Wall>;

async function pressWithKey(host: Host, baseUrl: string) {
  await host.page.evaluate(([name, key]) => localStorage.setItem(name, key), [API_KEY_STORAGE_NAME, KEY] as const);
  const element = await host.mount({ 'base-url': baseUrl });
  await host.pressAndSettle();
  return element;
}

/** Ten lines, ten Details, ten result events, the complete event and the HAR all tell this wall. */
export async function expectWall(host: Host, baseUrl: string, wall: Wall): Promise<void> {
  const element = await pressWithKey(host, baseUrl);
  const where = { pageOrigin: new URL(host.page.url()).origin, server: new URL(baseUrl).origin, path: new URL(baseUrl).pathname };
  const lines = await host.readLines();
  expect(lines).toHaveLength(10);
  for (const line of lines) expect(line).toMatchObject({ part: 'result error', status: '0', statusText: wall.statusText });
  // Told once in full, then briefly on the other nine lines; every Details below keeps the full text.
  for (const named of wall.names(where)) expect(lines[0]?.detail).toContain(named);
  expect(lines.slice(1).map(({ detail }) => detail)).toEqual(Array(9).fill(`— ${wall.brief(where)}`));

  const details = element.locator('[part~="result"] [part="details"]');
  for (const button of await element.getByRole('button', { name: /^Details for / }).all()) await button.click();
  await expect(details).toHaveCount(10);
  for (const panel of await details.all()) {
    const why = panel.getByText(/^Why: /);
    for (const named of wall.names(where)) await expect(why).toContainText(named);
    await expect(panel.getByText(/^Probe · GET /)).toHaveCount(wall.probes);
    // Issue 49, item 8: the call's record says what the line says, and a call never sent says so.
    await expect(panel.getByText(`${wall.statusText} — `, { exact: false }).first()).toBeVisible();
    await expect(panel).not.toContainText('could not be reached');
    await expect(panel.getByText('Request (not sent)')).toHaveCount(wall.diagnosis === 'mixed-content' ? 1 : 0);
    if (wall.diagnosis === 'mixed-content') await expect(panel).not.toContainText('No response');
  }

  const events = await host.page.evaluate(() => (window as unknown as HostWindow).__events);
  const results = events.filter(({ type }) => type === RESULT_EVENT).map(({ detail }) => JSON.parse(detail) as ItemResult);
  expect(results.map(({ diagnosis }) => diagnosis)).toEqual(Array(10).fill(wall.diagnosis));
  expect(results.every(({ statusText }) => statusText === wall.statusText)).toBe(true);
  const batch = await host.lastComplete();
  expect(batch.results.map(({ diagnosis }) => diagnosis)).toEqual(Array(10).fill(wall.diagnosis));
  const items = batch.calls.filter(({ purpose }) => purpose !== 'probe');
  expect(items.map(({ statusText, notSent }) => [statusText, notSent])).toEqual(items.map(() => [wall.statusText, wall.diagnosis === 'mixed-content' ? true : undefined]));
  const probes = batch.calls.filter(({ purpose }) => purpose === 'probe');
  expect(probes).toHaveLength(wall.probes);
  expect(probes.every(({ request }) => request.method === 'GET' && !('Authorization' in request.headers))).toBe(true);

  if (wall.diagnosis === 'mixed-content') {
    // Nothing was sent (mixed content): no HAR to download.
    await expect(element.getByRole('button', { name: 'Download HAR' })).toHaveCount(0);
    return;
  }
  const { har, text } = await downloadHar(host.page, element);
  const harProbes = har.log.entries.filter(({ comment }) => comment === 'probe');
  expect(harProbes).toHaveLength(wall.probes);
  expect(harProbes.every(({ request }) => request.headers.every(({ name }) => name.toLowerCase() !== 'authorization'))).toBe(true);
  expect(text).not.toContain(KEY);
}

/** What the server got: no probe carries the key, and nothing with the key came after the first probe. */
export function expectKeyNeverAfterProbes(faults: FaultServer, probes: number): void {
  const keyed = (index: number) => faults.requests[index]?.headers.authorization !== undefined;
  const firstProbe = faults.requests.findIndex(({ method, url, headers }) => method === 'GET' && !url.includes('/Users') && !headers.authorization);
  expect(faults.requests.filter(({ method, url }) => method === 'GET' && !url.includes('/Users'))).toHaveLength(probes);
  expect(faults.requests.slice(firstProbe).some((_, index) => keyed(firstProbe + index))).toBe(false);
  expect(JSON.stringify(faults.requests.slice(firstProbe).map(({ headers, url }) => ({ headers, url })))).not.toContain(KEY);
}

