import express from 'express';
import type { Locator, Page } from '@playwright/test';
import { CHECK_COMPLETE_EVENT } from '../src/public/event-names';
import { ERROR_SCHEMA, LIST_RESPONSE_SCHEMA, SCIM_CONTENT_TYPE } from '../src/scim/protocol';
import { NOT_THE_KEY } from '../src/scim/secrets/key-token';
import type { BatchResult, CheckReport } from '../src/entries/index';
import { pressAction } from './support/actions';
import { clickForEvent, generateAndExpectCreated, generateBatch, showGenerator, storeApiKey } from './support/generator';
import { bundleSite } from './support/http';
import { expect, test } from './support/page-errors';
import { listenWithSandbox, type SandboxServer } from './support/sandbox';

// Check in Chromium: against the sandbox, every check passes; against a server that breaks one
// rule (a sandbox behind a middleware that misbehaves), exactly that check fails.

// The duplicate check's 409, the unknown id's 404 and the wrong key's 401 are answers the checks ask
// for; a defect below answers 400 (the e-mail filter) or 500 (an unknown id); the rate-limited server's 429s too.
test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of (400|401|404|409|429|500)\b/] });

type Misbehaviour = (app: express.Express, seen: string[]) => void;

/** The sandbox, with `misbehave` answering first; `seen` lists what the misbehaviour did. */
async function server(page: Page, misbehave?: Misbehaviour): Promise<{ site: SandboxServer; seen: string[] }> {
  const app = bundleSite();
  const seen: string[] = [];
  misbehave?.(app, seen);
  const site = await listenWithSandbox(app);
  await storeApiKey(page, await site.createApiKey('pro'));
  return { site, seen };
}

const outcomes = ({ results }: CheckReport) => Object.fromEntries(results.map(({ id, outcome }) => [id, outcome]));

/** Each resource the batch created, as the sandbox holds it (members as a set, `meta` left out): what Check must leave as it found. */
async function heldResources(site: SandboxServer, page: Page, resourceType: 'Users' | 'Groups', ids: string[]): Promise<unknown[]> {
  const key = (await page.evaluate(() => localStorage.getItem('apikey'))) ?? '';
  return Promise.all(
    ids.map(async (id) => {
      const { resource } = await site.getResource(key, resourceType, id);
      const { meta, members, ...rest } = (resource ?? {}) as { meta?: unknown; members?: { value: string }[] };
      void meta;
      return { ...rest, members: members?.map(({ value }) => value).sort() };
    }),
  );
}

const createdIds = (batch: BatchResult) => batch.results.flatMap(({ id }) => (id === undefined ? [] : [id]));

const USER_CHECK_IDS = ['read-back', 'lookup', 'lookup-ignoring-case', 'real-username', 'duplicate', 'duplicate-case', 'unknown-id', 'wrong-key', 'location', 'paging', 'projection', 'deactivate', 'update'];
/** With profile entra, its two lookups come before the writes. */
const ENTRA_USER_CHECK_IDS = USER_CHECK_IDS.flatMap((id) => (id === 'deactivate' ? ['externalid-lookup', 'work-email-lookup', id] : [id]));

for (const profile of ['basic', 'entra'] as const) {
  test(`the sandbox passes every user check (profile ${profile}), each line with its calls, and every user ends as the batch made it`, async ({ page }) => {
    const { site } = await server(page);
    try {
      const element = await showGenerator(page, site.url, { profile });
      const batch = await generateAndExpectCreated(element);
      const before = await heldResources(site, page, 'Users', createdIds(batch));
      const report = await clickForEvent<CheckReport>(element, element.getByRole('button', { name: 'Check', exact: true }), CHECK_COMPLETE_EVENT);
      const expected = profile === 'entra' ? ENTRA_USER_CHECK_IDS : USER_CHECK_IDS;
      expect(report.results.map(({ id, outcome }) => [id, outcome])).toEqual(expected.map((id) => [id, 'pass']));
      await expect(element.locator('[part="check pass"]')).toHaveCount(expected.length);
      await expect(element.locator('[part="check-summary"]')).toContainText(`${expected.length} passed, 0 failed, 0 warned, 0 skipped`);
      await element.locator('[part="check pass"]').first().getByRole('button', { name: 'Details' }).click();
      await expect(element.locator('[part="check pass"]').first().locator('.call-title')).toHaveText([/^Check · GET \/scim\/v2\/Users\//]);
      expect(report.calls[0]?.request.url).toBe(`${site.scimUrl}/ServiceProviderConfig`);
      expect(await heldResources(site, page, 'Users', createdIds(batch))).toEqual(before);
    } finally {
      await page.close();
      await site.close();
    }
  });
}

/** Users first, so that the groups get members; resolves with the Groups element and its batch. */
async function groupsWithMembers(page: Page, site: SandboxServer): Promise<{ groups: Locator; batch: BatchResult }> {
  const users = await showGenerator(page, site.url, {});
  await generateAndExpectCreated(users);
  await page.locator('#content').evaluate((content) => {
    const groups = document.createElement('scim-generator');
    groups.setAttribute('resource-type', 'Groups');
    groups.id = 'groups';
    content.append(groups);
  });
  const groups = page.locator('scim-generator#groups');
  await groups.getByLabel('Add members').check();
  return { groups, batch: await generateAndExpectCreated(groups) };
}

test('the sandbox passes every group check, members, removal and rename included, and every group ends as the batch made it', async ({ page }) => {
  const { site } = await server(page);
  try {
    const { groups, batch } = await groupsWithMembers(page, site);
    const before = await heldResources(site, page, 'Groups', createdIds(batch));
    const report = await clickForEvent<CheckReport>(groups, groups.getByRole('button', { name: 'Check', exact: true }), CHECK_COMPLETE_EVENT);
    const ids = ['read-back', 'lookup', 'lookup-without-members', 'real-group-name', 'duplicate', 'unknown-id', 'wrong-key', 'location', 'members', 'remove-member', 'rename'];
    expect(outcomes(report)).toEqual(Object.fromEntries(ids.map((id) => [id, 'pass'])));
    expect(await heldResources(site, page, 'Groups', createdIds(batch))).toEqual(before);
  } finally {
    await page.close();
    await site.close();
  }
});

test('a new press abandons Check, and the check under way still puts back what it changed', async ({ page }) => {
  let pending = 0;
  const { site, seen } = await server(page, (app, patches) =>
    // Slow PATCHes, so that the press lands while the deactivation round trip is under way.
    app.patch('/scim/v2/Users/:id', json, (req, res, next) => {
      // Only the activation round trip's PATCHes: unknown-id's is not slowed.
      if (!JSON.stringify(req.body).includes('"active"')) return next();
      patches.push('PATCH');
      pending++;
      res.on('close', () => pending--);
      setTimeout(next, 300);
    }),
  );
  try {
    const element = await showGenerator(page, site.url, {});
    const batch = await generateAndExpectCreated(element);
    const before = await heldResources(site, page, 'Users', createdIds(batch));
    await element.getByRole('button', { name: 'Check', exact: true }).click();
    // The first PATCH activates the user the batch made inactive: the deactivation round trip has begun.
    await expect.poll(() => seen.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await generateBatch(element);
    await expect(element.locator('[part~="check"]')).toHaveCount(0);
    await expect.poll(() => pending, { timeout: 30_000 }).toBe(0);
    await expect.poll(() => heldResources(site, page, 'Users', createdIds(batch)), { timeout: 30_000 }).toEqual(before);
    // It put back the activation (PATCH active false) and ran no further check (the update's PATCHes).
    expect(seen).toEqual(['PATCH', 'PATCH']);
  } finally {
    await page.close();
    await site.close();
  }
});

/** Strips query parameters before the sandbox reads them. */
const withoutQuery = (...names: string[]): express.RequestHandler => (req, _res, next) => {
  const url = new URL(req.url, 'http://x');
  names.forEach((name) => url.searchParams.delete(name));
  req.url = `${url.pathname}${url.search}`;
  next();
};

/** A PATCH of `active` (to `value`, or either) answered 200 and not carried out. */
const ignoresActive = (value?: boolean): express.RequestHandler => (req, res, next) => {
  const operations = (req.body as { Operations?: { path?: string; value?: unknown }[] }).Operations ?? [];
  const ignored = operations.some((operation) => operation.path === 'active' && (value === undefined || operation.value === value));
  if (ignored) return void res.status(200).type(SCIM_CONTENT_TYPE).json({});
  next(); // the sandbox's own body parser finds the body already read, and takes it
};

interface Defect {
  name: string;
  resourceType: 'Users' | 'Groups';
  misbehave: Misbehaviour;
  /** The checks the defect breaks, and what each failing line must say. */
  fails: Record<string, string>;
}

const json = express.json({ type: () => true });

/**
 * Answers a POST of a user that `isDuplicate` (which notes each userName it is asked about) calls a
 * duplicate with 201 and a new id, holding the duplicate here for its GET and DELETE, since the
 * sandbox itself refuses one; every DELETE of a user goes into `seen`.
 */
function createDuplicates(app: express.Express, seen: string[], isDuplicate: (userName: string) => boolean): void {
  const duplicates = new Map<string, object>();
  app.post('/scim/v2/Users', json, (req, res, next) => {
    if (!isDuplicate((req.body as { userName: string }).userName)) return next();
    const duplicate = { ...(req.body as object), id: `duplicate-${crypto.randomUUID()}` };
    duplicates.set(duplicate.id, duplicate);
    res.status(201).type(SCIM_CONTENT_TYPE).json(duplicate);
  });
  app.get('/scim/v2/Users/:id', (req, res, next) => (duplicates.has(req.params.id) ? res.type(SCIM_CONTENT_TYPE).json(duplicates.get(req.params.id)) : next()));
  app.delete('/scim/v2/Users/:id', (req, res, next) => {
    seen.push(`DELETE ${req.params.id}`);
    if (!duplicates.delete(req.params.id)) return next();
    res.status(204).end();
  });
}

const emptyList = { schemas: [LIST_RESPONSE_SCHEMA], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] };

/** A body whose every `meta.location` names another host, as a server that builds it from the request's Origin does. */
function elsewhere(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(elsewhere);
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => {
      const location = (value as { location?: unknown } | null)?.location;
      if (key !== 'meta' || typeof location !== 'string') return [key, elsewhere(value)];
      const { pathname } = new URL(location, 'http://any.example');
      return [key, { ...(value as object), location: `https://docs.elsewhere.example${pathname}` }];
    }),
  );
}

// Each defect a provisioning server is known to have, alone; Check must fail exactly the checks it
// breaks, with a line naming the exchange, and pass all the others, with the default settings
// (users created inactive).
const DEFECTS: Defect[] = [
  {
    name: 'a case-sensitive userName filter',
    resourceType: 'Users',
    misbehave: (app) =>
      app.get('/scim/v2/Users', (req, res, next) => {
        if (!/^userName eq ".*[A-Z]/.test(String(req.query.filter ?? ''))) return next();
        res.type(SCIM_CONTENT_TYPE).json({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
      }),
    fails: { 'lookup-ignoring-case': 'since userName is caseExact false' },
  },
  {
    name: 'a duplicate answered 200 with the existing user',
    resourceType: 'Users',
    misbehave: (app, seen) => {
      const created = new Map<string, object>();
      app.post('/scim/v2/Users', json, (req, res, next) => {
        const existing = created.get((req.body as { userName: string }).userName);
        if (existing) return void res.status(200).type(SCIM_CONTENT_TYPE).json(existing);
        const send = res.json.bind(res);
        res.json = (body: { userName: string }) => (created.set(body.userName, body), send(body));
        next();
      });
      app.delete('/scim/v2/Users/:id', (req, _res, next) => (seen.push(`DELETE ${req.params.id}`), next()));
    },
    fails: { duplicate: 'answered 200 OK with the existing user (id ' },
  },
  {
    name: 'a duplicate made with 201',
    resourceType: 'Users',
    misbehave: (app, seen) => {
      // The second POST of a userName makes a duplicate.
      const names = new Set<string>();
      createDuplicates(app, seen, (userName) => names.has(userName) || (names.add(userName), false));
    },
    fails: { duplicate: 'answered 201 Created and made a second user' },
  },
  {
    name: 'an unknown id answered 200 with an empty body',
    resourceType: 'Users',
    misbehave: (app) => {
      const known = new Set<string>();
      app.post('/scim/v2/Users', (_req, res, next) => {
        const send = res.json.bind(res);
        res.json = (body: { id?: string }) => (body?.id && known.add(body.id), send(body));
        next();
      });
      app.get('/scim/v2/Users/:id', (req, res, next) => (known.has(req.params.id) ? next() : res.status(200).end()));
    },
    fails: { 'unknown-id': 'answered 200 OK' },
  },
  {
    name: 'count and startIndex ignored',
    resourceType: 'Users',
    misbehave: (app) => app.get('/scim/v2/Users', withoutQuery('count', 'startIndex')),
    fails: { paging: 'Expected startIndex 1 and at most 2 Resources' },
  },
  { name: 'a PATCH of active accepted, never carried out', resourceType: 'Users', misbehave: (app) => app.patch('/scim/v2/Users/:id', json, ignoresActive()), fails: { deactivate: 'PATCH active true answered 200 OK, then the server still has active false' } },
  { name: 'a PATCH of active false accepted, not carried out', resourceType: 'Users', misbehave: (app) => app.patch('/scim/v2/Users/:id', json, ignoresActive(false)), fails: { deactivate: 'PATCH active false answered 200 OK, then the server still has active true' } },
  {
    name: 'filter ignored',
    resourceType: 'Users',
    misbehave: (app) => app.get('/scim/v2/Users', withoutQuery('filter')),
    fails: { lookup: 'to find exactly id', 'lookup-ignoring-case': 'to find exactly id', 'real-username': 'to find exactly id' },
  },
  {
    name: 'attributes and excludedAttributes ignored',
    resourceType: 'Users',
    misbehave: (app) => app.get(/^\/scim\/v2\/Users/, withoutQuery('attributes', 'excludedAttributes')),
    fails: { projection: 'but no emails; GET /scim/v2/Users/' },
  },
  {
    name: 'errors as text/plain',
    resourceType: 'Users',
    misbehave: (app) =>
      app.use('/scim/v2', (_req, res, next) => {
        const send = res.json.bind(res);
        res.json = (body: { detail?: string }) => (res.statusCode >= 400 ? res.type('text/plain').send(String(body?.detail ?? 'error')) : send(body));
        next();
      }),
    fails: {
      duplicate: '409 Conflict with no SCIM error body',
      'duplicate-case': '409 Conflict with no SCIM error body',
      'unknown-id': '404 Not Found with no SCIM error body',
      'wrong-key': '401 Unauthorized with no SCIM error body',
    },
  },
  {
    name: "'+' in a userName filter not found (the value put unescaped into a regex)",
    resourceType: 'Users',
    misbehave: (app) => app.get('/scim/v2/Users', (req, res, next) => (String(req.query.filter ?? '').includes('+') ? res.type(SCIM_CONTENT_TYPE).json(emptyList) : next())),
    fails: { 'real-username': 'got totalResults 0 and ids [] (GET /scim/v2/Users?filter=userName eq "zoë.o\'brien+scim-' },
  },
  {
    name: 'a userName differing only in case accepted with 201',
    resourceType: 'Users',
    misbehave: (app, seen) => {
      // A userName an earlier POST sent in other letter case makes a duplicate.
      const names = new Map<string, string>();
      createDuplicates(app, seen, (userName) => {
        const earlier = names.get(userName.toLowerCase());
        if (earlier !== undefined && earlier !== userName) return true;
        names.set(userName.toLowerCase(), userName);
        return false;
      });
    },
    fails: { 'duplicate-case': 'POST /scim/v2/Users answered 201 Created and made a second user' },
  },
  {
    name: 'a PATCH or DELETE of an unknown id answered 500',
    resourceType: 'Users',
    misbehave: (app) => {
      const known = new Set<string>();
      app.post('/scim/v2/Users', (_req, res, next) => {
        const send = res.json.bind(res);
        res.json = (body: { id?: string }) => (body?.id && known.add(body.id), send(body));
        next();
      });
      app.use('/scim/v2/Users/:id', (req, res, next) => (req.method === 'GET' || known.has(req.params.id) ? next() : res.status(500).type('text/plain').send('TypeError: undefined')));
    },
    fails: { 'unknown-id': '/scim/v2/Users/' },
  },
  {
    name: 'a wrong key answered 401 in plain text',
    resourceType: 'Users',
    misbehave: (app) => app.use('/scim/v2', (req, res, next) => (req.headers.authorization === `Bearer ${NOT_THE_KEY}` ? res.status(401).type('text/plain').send('Unauthorized') : next())),
    fails: { 'wrong-key': 'GET /scim/v2/Users/' },
  },
  {
    name: "meta.location built from the request's Origin, on another host",
    resourceType: 'Users',
    misbehave: (app) =>
      app.use('/scim/v2', (_req, res, next) => {
        const send = res.json.bind(res);
        res.json = (body: unknown) => send(elsewhere(body));
        next();
      }),
    fails: { location: 'with location https://docs.elsewhere.example/scim/v2/Users/' },
  },
  {
    name: 'a duplicate group displayName accepted',
    resourceType: 'Groups',
    misbehave: (app) => {
      const names = new Set<string>();
      app.post('/scim/v2/Groups', json, (req, _res, next) => {
        const { displayName } = req.body as { displayName: string };
        if (names.has(displayName)) req.body = { ...(req.body as object), displayName: `${displayName}_again` };
        names.add(displayName);
        next();
      });
    },
    fails: { duplicate: 'Expected 409 with scimType uniqueness; POST /scim/v2/Groups answered 201 Created' },
  },
  {
    name: "' and ' in a displayName filter not found (the filter split on it inside the quoted value)",
    resourceType: 'Groups',
    misbehave: (app) => app.get('/scim/v2/Groups', (req, res, next) => (/^displayName eq ".* and /.test(String(req.query.filter ?? '')) ? res.type(SCIM_CONTENT_TYPE).json(emptyList) : next())),
    fails: { 'real-group-name': 'got totalResults 0 and ids [] (GET /scim/v2/Groups?filter=displayName eq "Research and Development, or \\"R&D\\" ' },
  },
  {
    name: 'a member removal accepted, not carried out',
    resourceType: 'Groups',
    misbehave: (app) =>
      app.patch('/scim/v2/Groups/:id', json, (req, res, next) => {
        const operations = (req.body as { Operations?: { op: string }[] }).Operations ?? [];
        if (operations.some(({ op }) => op.toLowerCase() === 'remove')) return void res.status(204).end();
        next();
      }),
    fails: { 'remove-member': 'but the member is still in the group' },
  },
];

for (const { name, resourceType, misbehave, fails } of DEFECTS) {
  test(`${resourceType}: a server with ${name} fails exactly ${Object.keys(fails).join(' and ')}, naming the exchange, and leaves every resource as the batch made it`, async ({ page }) => {
    const { site, seen } = await server(page, misbehave);
    try {
      const offHost = name.startsWith('meta.location built');
      const { element, batch } =
        resourceType === 'Users' ? await usersBatch(page, site, offHost) : await groupsWithMembers(page, site).then(({ groups, batch: made }) => ({ element: groups, batch: made }));
      const before = await heldResources(site, page, resourceType, createdIds(batch));
      const report = await clickForEvent<CheckReport>(element, element.getByRole('button', { name: 'Check', exact: true }), CHECK_COMPLETE_EVENT);
      const failed = report.results.filter(({ outcome }) => outcome === 'fail');
      expect(Object.fromEntries(failed.map(({ id, reason }) => [id, reason]))).toEqual(Object.fromEntries(Object.entries(fails).map(([id, text]) => [id, expect.stringContaining(text)])));
      expect(report.results.filter(({ outcome }) => outcome === 'skipped')).toEqual([]);
      await expect(element.locator('[part="check fail"]')).toHaveCount(failed.length);
      // Nothing the batch made is deleted; only a duplicate Check proved new is.
      const deleted = seen.filter((entry) => entry.startsWith('DELETE ')).map((entry) => entry.slice(7));
      expect(deleted.filter((id) => createdIds(batch).includes(id))).toEqual([]);
      // Check also deletes the real-value user it made and sends DELETE to an unknown id; of the duplicates it deletes the one it proved new.
      if (name === 'a duplicate made with 201' || name.startsWith('a userName differing only in case')) expect(deleted.filter((id) => id.startsWith('duplicate-'))).toHaveLength(1);
      if (name.startsWith('a PATCH of active false')) return; // the one defect that keeps the user Check activated, and says so
      expect(await heldResources(site, page, resourceType, createdIds(batch))).toEqual(before);
    } finally {
      await page.close();
      await site.close();
    }
  });
}

test('a duplicate answered 201 with another resource\'s id or location: no DELETE is sent for it', async ({ page }) => {
  const { site, seen } = await server(page, (app) => {
    let posts = 0;
    app.post('/scim/v2/Users', json, (req, res, next) => {
      if (++posts <= 10) return next();
      res.status(201).type(SCIM_CONTENT_TYPE).json({ ...(req.body as object), id: 'VICTIM-ADMIN', meta: { location: `${site.scimUrl}/Users/VICTIM-ADMIN` } });
    });
    app.use((req, _res, next) => (req.method === 'DELETE' || req.method === 'PATCH' ? seen.push(`${req.method} ${req.url}`) : undefined, next()));
  });
  try {
    const { element } = await usersBatch(page, site);
    const report = await clickForEvent<CheckReport>(element, element.getByRole('button', { name: 'Check', exact: true }), CHECK_COMPLETE_EVENT);
    expect(report.results.find(({ id }) => id === 'duplicate')?.reason).toContain('Nothing was deleted');
    expect(seen.filter((entry) => entry.includes('VICTIM-ADMIN'))).toEqual([]);
  } finally {
    await page.close();
    await site.close();
  }
});

/** A batch of users; with `offHost`, every line must also say that the element ignored the location on another host. */
async function usersBatch(page: Page, site: SandboxServer, offHost = false): Promise<{ element: Locator; batch: BatchResult }> {
  const element = await showGenerator(page, site.url, {});
  if (!offHost) return { element, batch: await generateAndExpectCreated(element) };
  const batch = await generateBatch(element);
  expect(batch.results.map(({ status }) => status)).toEqual(batch.results.map(() => 201));
  const notes = element.locator('[part="verdict"]');
  await expect(notes).toHaveCount(10);
  await expect(notes.first()).toContainText('— The server gave location https://docs.elsewhere.example/scim/v2/Users/');
  await expect(notes.first()).toContainText('not this resource under base-url: the element ignores it');
  return { element, batch };
}

test('a server that answers 429 after 20 requests: Check counts no failure, and names the wait on every check it stopped', async ({ page }) => {
  const { site } = await server(page, (app) => {
    let requests = 0;
    app.use('/scim/v2', (_req, res, next) => {
      if (++requests <= 20) return next();
      res.status(429).set('Retry-After', '120').type(SCIM_CONTENT_TYPE).json({ schemas: [ERROR_SCHEMA], status: '429', detail: 'Too many requests' });
    });
  });
  try {
    const { element } = await usersBatch(page, site);
    const report = await clickForEvent<CheckReport>(element, element.getByRole('button', { name: 'Check', exact: true }), CHECK_COMPLETE_EVENT);
    expect(report.failed).toBe(0);
    expect(report.notChecked).toBeGreaterThan(0);
    expect(report.passed + report.notChecked).toBe(report.results.length);
    const stopped = report.results.filter(({ outcome }) => outcome === 'not-checked');
    expect(stopped.map(({ reason }) => reason)).toEqual(stopped.map(() => expect.stringMatching(/^Rate limited: .*answered 429 Too Many Requests.*try again in 2 minutes \(Retry-After: 120\)\.$/)));
    // Once the server has said to wait, the checks after the one it stopped send nothing.
    expect(stopped.slice(1).flatMap(({ calls }) => calls)).toEqual([]);
    await expect(element.locator('[part="check not-checked"]')).toHaveCount(report.notChecked);
    await expect(element.locator('[part="check not-checked"]').first()).toContainText('not checked — Rate limited: ');
    await expect(element.locator('[part="check-summary"]')).toContainText(`${report.passed} passed, 0 failed, 0 warned, 0 skipped, ${report.notChecked} not checked`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await element.getByRole('button', { name: 'Copy report' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`, ${report.notChecked} not checked`);
    expect(copied).toContain('| not-checked | `Rate limited: ');
  } finally {
    await page.close();
    await site.close();
  }
});

test('profile entra against a server that refuses the e-mail filter: a warning that says in which setup Entra needs it, 0 failed', async ({ page }) => {
  const { site } = await server(page, (app) =>
    app.get('/scim/v2/Users', (req, res, next) =>
      String(req.query.filter ?? '').startsWith('emails[') ? res.status(400).type(SCIM_CONTENT_TYPE).json({ schemas: [ERROR_SCHEMA], scimType: 'invalidFilter', detail: 'Unsupported filter' }) : next(),
    ),
  );
  try {
    const element = await showGenerator(page, site.url, { profile: 'entra' });
    await generateAndExpectCreated(element);
    const report = await clickForEvent<CheckReport>(element, element.getByRole('button', { name: 'Check', exact: true }), CHECK_COMPLETE_EVENT);
    expect({ failed: report.failed, warned: report.warned }).toEqual({ failed: 0, warned: 1 });
    expect(outcomes(report)).toMatchObject({ 'work-email-lookup': 'warn', 'externalid-lookup': 'pass' });
    const warning = element.locator('[part="check warn"]');
    await expect(warning).toHaveCount(1);
    await expect(warning).toContainText('answered 400 Bad Request with scimType invalidFilter');
    await expect(warning).toContainText('only when its attribute mappings make e-mail the matching attribute');
    await expect(element.locator('[part="check-summary"]')).toContainText(`${ENTRA_USER_CHECK_IDS.length - 1} passed, 0 failed, 1 warned, 0 skipped`);
  } finally {
    await page.close();
    await site.close();
  }
});

test('a page whose Users element deleted the members: the Groups checks that need them (the duplicate POST names them too) are not checked, saying why; the others pass', async ({ page }) => {
  const { site } = await server(page);
  try {
    const { groups } = await groupsWithMembers(page, site);
    await pressAction(page.locator('scim-generator').first(), 'Delete');
    const report = await clickForEvent<CheckReport>(groups, groups.getByRole('button', { name: 'Check', exact: true }), CHECK_COMPLETE_EVENT);
    expect(outcomes(report)).toMatchObject({ 'read-back': 'pass', lookup: 'pass', 'lookup-without-members': 'pass', duplicate: 'not-checked', members: 'not-checked', 'remove-member': 'not-checked', rename: 'pass' });
    expect(Object.values(outcomes(report)).filter((outcome) => outcome !== 'pass' && outcome !== 'not-checked')).toEqual([]);
    expect(report).toMatchObject({ failed: 0, notChecked: 3 });
    for (const id of ['duplicate', 'members', 'remove-member']) {
      expect(report.results.find((result) => result.id === id)?.reason).toMatch(/^This page changed what the check reads since the batch: \S+ was deleted by this page's Delete(; \S+ was deleted by this page's Delete)*\.$/);
    }
    await expect(groups.locator('[part="check not-checked"]')).toHaveCount(3);
  } finally {
    await page.close();
    await site.close();
  }
});

test('against a server that sends ETags and answers 304 to If-None-Match, no GET carries If-None-Match and every read-back is a 200', async ({ page }) => {
  const conditional: string[] = [];
  const { site } = await server(page, (app) =>
    app.get(/^\/scim\/v2\/Users\/[^/]+$/, (req, res, next) => {
      if (req.headers['if-none-match']) return (conditional.push(req.url), void res.status(304).end());
      res.setHeader('ETag', 'W/"always-the-same"');
      next();
    }),
  );
  try {
    const element = await showGenerator(page, site.url, {});
    await generateAndExpectCreated(element);
    // Check reads the same user again and again, before and after each write.
    const report = await clickForEvent<CheckReport>(element, element.getByRole('button', { name: 'Check', exact: true }), CHECK_COMPLETE_EVENT);
    const url = report.results.find(({ id }) => id === 'read-back')?.calls[0]?.request.url;
    const reads = report.calls.filter(({ request }) => request.method === 'GET' && request.url === url && !request.headers.Authorization?.includes(NOT_THE_KEY));
    expect(reads.length).toBeGreaterThan(3);
    expect(conditional).toEqual([]);
    expect(reads.map(({ status }) => status)).toEqual(reads.map(() => 200));
    expect(report.failed).toBe(0);
  } finally {
    await page.close();
    await site.close();
  }
});
