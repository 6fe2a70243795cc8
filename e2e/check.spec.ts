import express from 'express';
import type { Page } from '@playwright/test';
import { CHECK_COMPLETE_EVENT } from '../src/event-names';
import { LIST_RESPONSE_SCHEMA, SCIM_CONTENT_TYPE } from '../src/scim/protocol';
import type { CheckReport } from '../src/index';
import { clickForEvent, generateAndExpectCreated, showGenerator, storeApiKey } from './support/generator';
import { bundleSite } from './support/http';
import { expect, test } from './support/page-errors';
import { listenWithSandbox, type SandboxServer } from './support/sandbox';

// Check in Chromium: against the sandbox, every check passes; against a server that breaks one
// rule (a sandbox behind a middleware that misbehaves), exactly that check fails.

// The duplicate check's 409 and the unknown id's 404 are answers the checks ask for.
test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of (404|409)\b/] });

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

async function pressCheck(page: Page, site: SandboxServer, attributes: Record<string, string>): Promise<CheckReport> {
  const element = await showGenerator(page, site.url, attributes);
  await generateAndExpectCreated(element);
  return clickForEvent<CheckReport>(element, element.getByRole('button', { name: 'Check', exact: true }), CHECK_COMPLETE_EVENT);
}

const outcomes = ({ results }: CheckReport) => Object.fromEntries(results.map(({ id, outcome }) => [id, outcome]));

for (const profile of ['basic', 'entra'] as const) {
  test(`the sandbox passes every user check (profile ${profile}), each line with its calls`, async ({ page }) => {
    const { site } = await server(page);
    try {
      const report = await pressCheck(page, site, { profile });
      expect(report).toMatchObject({ passed: 8, failed: 0, skipped: 0 });
      const element = page.locator('scim-generator');
      await expect(element.locator('[part="check pass"]')).toHaveCount(8);
      await expect(element.locator('[part="check-summary"]')).toContainText('8 passed, 0 failed, 0 skipped');
      await element.locator('[part="check pass"]').first().getByRole('button', { name: 'Details' }).click();
      await expect(element.locator('[part="check pass"]').first().locator('.call-title')).toHaveText([/^Check · GET \/scim\/v2\/Users\//]);
      expect(report.calls[0]?.request.url).toBe(`${site.scimUrl}/ServiceProviderConfig`);
    } finally {
      await page.close();
      await site.close();
    }
  });
}

test('the sandbox passes every group check, members included', async ({ page }) => {
  const { site } = await server(page);
  try {
    // Users first, so that the groups get members.
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
    await generateAndExpectCreated(groups);
    const report = await clickForEvent<CheckReport>(groups, groups.getByRole('button', { name: 'Check', exact: true }), CHECK_COMPLETE_EVENT);
    expect(outcomes(report)).toEqual({ 'read-back': 'pass', lookup: 'pass', members: 'pass' });
  } finally {
    await page.close();
    await site.close();
  }
});

test('a server whose userName filter is case-sensitive fails exactly the check in capitals, which names userName', async ({ page }) => {
  const { site } = await server(page, (app) =>
    app.get('/scim/v2/Users', (req, res, next) => {
      const filter = String(req.query.filter ?? '');
      if (!/^userName eq ".*[A-Z]/.test(filter)) return next();
      res.type(SCIM_CONTENT_TYPE).json({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
    }),
  );
  try {
    const report = await pressCheck(page, site, {});
    expect(Object.entries(outcomes(report)).filter(([, outcome]) => outcome === 'fail')).toEqual([['lookup-ignoring-case', 'fail']]);
    const failed = page.locator('scim-generator [part="check fail"]');
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText('userName eq "');
    await expect(failed).toContainText('userName is caseExact false');
  } finally {
    await page.close();
    await site.close();
  }
});

test('a server that accepts a duplicate fails exactly the duplicate check, and the duplicate is deleted', async ({ page }) => {
  const { site, seen } = await server(page, (app) => {
    const created = new Set<string>();
    app.post('/scim/v2/Users', express.json({ type: () => true }), (req, res, next) => {
      const { userName } = req.body as { userName: string };
      if (!created.has(userName)) {
        created.add(userName);
        return next(); // the sandbox's own body parser sees the body already read, and takes it
      }
      const id = `duplicate-${crypto.randomUUID()}`;
      seen.push(`made ${id}`);
      res.status(201).type(SCIM_CONTENT_TYPE).json({ ...(req.body as object), id });
    });
    app.delete('/scim/v2/Users/:id', (req, res, next) => {
      if (!req.params.id.startsWith('duplicate-')) return next();
      seen.push(`deleted ${req.params.id}`);
      res.status(204).end();
    });
  });
  try {
    const report = await pressCheck(page, site, {});
    expect(Object.entries(outcomes(report)).filter(([, outcome]) => outcome === 'fail')).toEqual([['duplicate', 'fail']]);
    const [made, deleted] = seen;
    expect(deleted).toBe(made?.replace('made', 'deleted'));
    await expect(page.locator('scim-generator [part="check fail"]')).toContainText('the server made a duplicate, which was deleted');
  } finally {
    await page.close();
    await site.close();
  }
});
