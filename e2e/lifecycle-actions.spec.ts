import express from 'express';
import type { Page } from '@playwright/test';
import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, PATCH_OP_SCHEMA, SCIM_CONTENT_TYPE } from '../src/scim/protocol';
import { PROFILES, type ProfileName } from '../src/scim/profiles/names';
import { pressAction } from './support/actions';
import { generateAndExpectCreated, resultLines, showGenerator, storeApiKey } from './support/generator';
import { bundleSite } from './support/http';
import { expect, failedLoadLine, test } from './support/page-errors';
import { listenWithSandbox, type SandboxServer } from './support/sandbox';

// Update, Deactivate, Remove members, Rename and Delete in Chromium, against the sandbox behind a recorder: each
// profile's calls are the method, path and body its IdP documents, each followed by a GET of the
// resource; and a server that answers 200 but keeps the old value gets a line that names it.

// Delete's read-back GET asks for a 404 (RFC 7644 §3.6), which Chromium logs as a failed load.
test.use({ expectedConsoleErrors: [failedLoadLine(404)] });

interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

type Misbehaviour = (app: express.Express) => void;

/** The sandbox, recording every call to one resource (`/Users/{id}`, `/Groups/{id}`), with `misbehave` answering first. */
async function recordingSandbox(page: Page, misbehave?: Misbehaviour): Promise<{ site: SandboxServer; recorded: Recorded[] }> {
  const app = bundleSite();
  const recorded: Recorded[] = [];
  app.use(/^\/scim\/v2\/(Users|Groups)\/[^/]+$/, express.json({ type: () => true }), (req, _res, next) => {
    recorded.push({ method: req.method, path: req.originalUrl, body: structuredClone(req.body) as unknown }); // the sandbox rewrites some bodies in place
    next(); // the sandbox's own body parser finds the body already read, and takes it
  });
  misbehave?.(app);
  const site = await listenWithSandbox(app);
  await storeApiKey(page, await site.createApiKey('pro'));
  return { site, recorded };
}

const ENTERPRISE = (name: string) => `${ENTERPRISE_USER_SCHEMA}:${name}`;
const patchOf = (...operations: object[]) => ({ schemas: [PATCH_OP_SCHEMA], Operations: operations });
const anyText = expect.any(String);

/** Update's calls of one user, as each profile's IdP documents them. */
function documentedUpdate(profile: ProfileName, path: string, stored: Recorded | undefined): Recorded[] {
  const readBack = { method: 'GET', path, body: {} };
  switch (profile) {
    case 'entra': // "Update User [Multi-valued properties]": a Replace per attribute, filtered path for the work e-mail
      return [
        { method: 'PATCH', path, body: patchOf(...['title', 'emails[type eq "work"].value', ENTERPRISE('department')].map((attribute) => ({ op: 'Replace', path: attribute, value: anyText }))) },
        readBack,
      ];
    case 'okta': // "Update a specific User (PUT)": GET, then PUT of what the GET returned, changed
    case 'okta-aiw':
      return [{ method: 'GET', path, body: {} }, { method: 'PUT', path, body: stored?.body }, readBack];
    case 'onelogin': // PUT /Users/:id of the template, changed, no GET first and no id
      return [{ method: 'PUT', path, body: expect.not.objectContaining({ id: anyText }) }, readBack];
    case 'ping': // "User updates", and authentik's users.py `update`: PUT of the user held, changed, with its id
    case 'authentik':
      return [{ method: 'PUT', path, body: expect.objectContaining({ id: path.split('/').pop(), userName: anyText }) }, readBack];
    case 'full':
      return [{ method: 'PATCH', path, body: patchOf(...['title', 'emails[type eq "work"].value', ENTERPRISE('department')].map((attribute) => ({ op: 'replace', path: attribute, value: anyText }))) }, readBack];
    case 'basic':
      return [{ method: 'PATCH', path, body: patchOf(...['name.familyName', ENTERPRISE('employeeNumber')].map((attribute) => ({ op: 'replace', path: attribute, value: anyText }))) }, readBack];
  }
}

/** Deactivate's calls of one user, as each profile's IdP documents them (the read-back is the test's own GET of the sandbox). */
/** Deactivate's calls as each profile's IdP documents them, then the element's read-back GET (issue 47). */
function documentedDeactivation(profile: ProfileName, path: string, id: string): object[] {
  return [...deactivationWrite(profile, path, id), { method: 'GET', path, body: {} }];
}

function deactivationWrite(profile: ProfileName, path: string, id: string): object[] {
  switch (profile) {
    case 'entra': // "Requests made to disable users", without the feature flag
      return [{ method: 'PATCH', path, body: patchOf({ op: 'Replace', path: 'active', value: 'False' }) }];
    case 'okta': // "Update a specific User (PATCH)"
      return [{ method: 'PATCH', path, body: patchOf({ op: 'replace', value: { active: false } }) }];
    case 'okta-aiw': // "Delete Users": for AIW integrations a PUT, after the GET of "Update the User"
      return [{ method: 'GET', path, body: {} }, { method: 'PUT', path, body: expect.objectContaining({ id, active: false }) }];
    case 'onelogin': // Suspend: the template again, active false, no id (chosen, not documented)
      return [{ method: 'PUT', path, body: expect.objectContaining({ active: false, userName: anyText }) }];
    case 'ping': // "User deprovisioning", Disable; authentik's users.py `update`
    case 'authentik':
      return [{ method: 'PUT', path, body: expect.objectContaining({ id, active: false, userName: anyText }) }];
    case 'basic':
    case 'full': // RFC 7644 §3.5.2.3
      return [{ method: 'PATCH', path, body: patchOf({ op: 'replace', path: 'active', value: false }) }];
  }
}

/** Remove members' PATCH of one group, as each profile's IdP documents it. */
function documentedRemoval(profile: ProfileName, memberId: string): object {
  if (profile === 'authentik') return patchOf({ op: 'remove', path: 'members', value: [{ value: memberId }] }); // groups.py `_patch_remove_users`
  return profile === 'entra'
    ? patchOf({ op: 'Remove', path: 'members', value: [{ $ref: null, value: memberId }] }) // "Update Group [Remove Members]"
    : patchOf({ op: 'remove', path: `members[value eq ${JSON.stringify(memberId)}]` }); // Okta's Group Push; RFC 7644 §3.5.2.2
}

/** Rename's PATCH of one group, as each profile's IdP documents it. */
function documentedRename(profile: ProfileName, id: string, displayName: string): object {
  if (profile === 'entra') return patchOf({ op: 'Replace', path: 'displayName', value: displayName }); // "Update Group [Non-member attributes]"
  if (profile === 'okta') return patchOf({ op: 'replace', value: { id, displayName } }); // "Update a specific Group name"
  if (profile === 'authentik') return patchOf({ op: 'replace', value: { schemas: [GROUP_SCHEMA], displayName, id } }); // groups.py `_update_patch_general`
  return patchOf({ op: 'replace', path: 'displayName', value: displayName }); // RFC 7644 §3.5.2.3
}

/** Okta's AIW form updates groups by PUT ("Update specific Group membership", "Update a specific Group name"): a GET, then a PUT of what it returned, changed (the body is chosen, not documented). */
const aiwGroupPut = (path: string, body: object): Recorded[] => [{ method: 'GET', path, body: {} }, { method: 'PUT', path, body }, { method: 'GET', path, body: {} }];

/** The member id a Remove members PATCH names: in Entra's value, or in the filter of the others' path. */
function removedMemberOf(body: unknown): string {
  const [operation] = (body as { Operations: { path: string; value?: { value: string }[] }[] }).Operations;
  return operation?.value?.[0]?.value ?? JSON.parse(/^members\[value eq (".*")\]$/.exec(operation?.path ?? '')?.[1] ?? '""');
}

const callsTo = (recorded: Recorded[], path: string) => recorded.filter((call) => call.path === path).map(({ method, path: to, body }) => ({ method, path: to, body: method === 'GET' ? {} : body }));

for (const profile of PROFILES) {
  test(`Update, Deactivate, Remove members, Rename and Delete (profile ${profile}) send the documented calls, and each is read back`, async ({ page }) => {
    const { site, recorded } = await recordingSandbox(page);
    try {
      const element = await showGenerator(page, site.url, { profile, seed: '7' });
      const users = await generateAndExpectCreated(element);
      recorded.length = 0;
      const update = await pressAction(element, 'Update');
      expect(update.results.map(({ done, applied }) => [done, applied])).toEqual(Array(10).fill([true, true]));
      for (const { resourceId } of update.results) {
        const path = `/scim/v2/Users/${resourceId}`;
        const put = recorded.find((call) => call.path === path && call.method === 'PUT');
        expect(callsTo(recorded, path)).toEqual(documentedUpdate(profile, path, put));
      }
      if (profile === 'okta' || profile === 'okta-aiw') {
        // Okta's PUT carries the user as the server returned it (id and all), with new values.
        const { resourceId } = update.results[0] ?? {};
        const put = recorded.find((call) => call.method === 'PUT' && call.path.endsWith(`/${resourceId}`))?.body as { id: string; userName: string };
        const sent = users.results.find(({ id }) => id === resourceId)?.record as { userName: string };
        expect([put.id, put.userName]).toEqual([resourceId, sent.userName]);
      }
      const lines = await resultLines(element);
      expect(lines.every(({ text }) => / · Updated: 200 OK$/.test(text))).toBe(true);

      const apiKey = (await page.evaluate(() => localStorage.getItem('apikey'))) ?? '';
      recorded.length = 0;
      const deactivation = await pressAction(element, 'Deactivate');
      expect(deactivation.results.map(({ done }) => done)).toEqual(Array(10).fill(true));
      for (const { resourceId } of deactivation.results) {
        const path = `/scim/v2/Users/${resourceId}`;
        expect(callsTo(recorded, path)).toEqual(documentedDeactivation(profile, path, resourceId));
        expect((await site.getResource(apiKey, 'Users', resourceId)).resource?.active).toBe(false);
      }

      await element.evaluate((generator) => generator.setAttribute('resource-type', 'Groups'));
      await element.getByLabel('Add members').check();
      const groups = await generateAndExpectCreated(element);
      recorded.length = 0;
      const removal = await pressAction(element, 'Remove members');
      expect(removal.results.map(({ done, applied }) => [done, applied])).toEqual(Array(10).fill([true, true]));
      for (const { resourceId, call } of removal.results) {
        const path = `/scim/v2/Groups/${resourceId}`;
        const created = groups.results.find(({ id }) => id === resourceId);
        if (profile === 'okta-aiw') {
          // The first member the batch's members PATCH gave the group goes; the others stay in the PUT.
          const given = created?.calls.find(({ request }) => request.method === 'PATCH')?.request.body as { Operations: { value: { value: string }[] }[] };
          const [memberId, ...others] = (given.Operations[0]?.value ?? []).map(({ value }) => value);
          const kept = others.map((value) => expect.objectContaining({ value }));
          expect(callsTo(recorded, path)).toEqual(aiwGroupPut(path, expect.objectContaining({ id: resourceId, members: kept.length ? expect.arrayContaining(kept) : [] })));
          expect(JSON.stringify(recorded.find((entry) => entry.path === path && entry.method === 'PUT')?.body)).not.toContain(`"${memberId}"`);
          expect(call.request.method).toBe('PUT');
          continue;
        }
        const sent = recorded.find((entry) => entry.path === path && entry.method === 'PATCH');
        const memberId = removedMemberOf(sent?.body);
        expect(created?.calls.some(({ request }) => JSON.stringify(request.body ?? '').includes(memberId))).toBe(true);
        expect(callsTo(recorded, path)).toEqual([{ method: 'PATCH', path, body: documentedRemoval(profile, memberId) }, { method: 'GET', path, body: {} }]);
        expect(call.request.method).toBe('PATCH');
      }

      recorded.length = 0;
      const rename = await pressAction(element, 'Rename');
      expect(rename.results.map(({ done, applied }) => [done, applied])).toEqual(Array(10).fill([true, true]));
      for (const { resourceId } of rename.results) {
        const path = `/scim/v2/Groups/${resourceId}`;
        const written = recorded.find((entry) => entry.path === path && (entry.method === 'PATCH' || entry.method === 'PUT'))?.body as { displayName?: string; Operations?: { value: unknown }[] };
        const value = written.Operations?.[0]?.value;
        const displayName = written.displayName ?? (typeof value === 'string' ? value : (value as { displayName: string }).displayName);
        expect(displayName).not.toBe(groups.results.find(({ id }) => id === resourceId)?.name);
        expect(callsTo(recorded, path)).toEqual(
          profile === 'okta-aiw'
            ? aiwGroupPut(path, expect.objectContaining({ id: resourceId, displayName }))
            : [{ method: 'PATCH', path, body: documentedRename(profile, resourceId, displayName) }, { method: 'GET', path, body: {} }],
        );
        expect((await site.getResource((await page.evaluate(() => localStorage.getItem('apikey'))) ?? '', 'Groups', resourceId)).resource?.displayName).toBe(displayName);
      }
      expect((await resultLines(element)).every(({ text }) => / · Renamed: 20[04] /.test(text))).toBe(true);

      recorded.length = 0;
      const deletion = await pressAction(element, 'Delete');
      expect(deletion.results.map(({ done }) => done)).toEqual(Array(10).fill(true));
      for (const { resourceId } of deletion.results) {
        const path = `/scim/v2/Groups/${resourceId}`;
        expect(recorded.filter((call) => call.path === path).map(({ method }) => method)).toEqual(['DELETE', 'GET']);
        expect((await site.getResource(apiKey, 'Groups', resourceId)).status).toBe(404);
      }
    } finally {
      await page.close();
      await site.close();
    }
  });
}

test('a server that answers 200 to Update but keeps the old title gets lines that name the title it kept', async ({ page }) => {
  const { site } = await recordingSandbox(page, (app) =>
    app.patch('/scim/v2/Users/:id', (_req, res) => {
      res.status(200).type(SCIM_CONTENT_TYPE).json({});
    }),
  );
  try {
    const element = await showGenerator(page, site.url, { profile: 'full' });
    const batch = await generateAndExpectCreated(element);
    const update = await pressAction(element, 'Update');
    expect(update.results.every(({ done, applied }) => done && applied === false)).toBe(true);
    const titles = new Map(batch.results.map(({ id, record }) => [id, (record as { title: string }).title]));
    for (const { resourceId, differences } of update.results) {
      expect(differences?.[0]).toBe(`the server still has title ${JSON.stringify(titles.get(resourceId))}`);
    }
    const lines = await resultLines(element);
    for (const title of titles.values()) {
      expect(lines.some(({ text }) => text.includes(`· Not updated: the server still has title ${JSON.stringify(title)}; `))).toBe(true);
    }
    await expect(element.locator('[part~="action-failed"]')).toHaveCount(10);
    expect(lines.every(({ text }) => /\(PATCH answered 200\)$/.test(text))).toBe(true);
  } finally {
    await page.close();
    await site.close();
  }
});
