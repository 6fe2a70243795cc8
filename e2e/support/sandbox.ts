import express from 'express';
import { createSandbox, SCIM_PATH, type SandboxOptions } from '../../demo/sandbox/http/app';
import { createApiKey } from '../../demo/sandbox/keys/key-client';
import { GROUP_SCHEMA, SCIM_CONTENT_TYPE, USER_SCHEMA } from '../../src/scim/protocol';
import type { Plan } from '../../demo/sandbox/shared/plan';
import { listen, type RunningServer } from './http';

export interface SandboxServer extends RunningServer {
  /** The SCIM base URL, e.g. `http://127.0.0.1:41234/scim/v2`. */
  scimUrl: string;
  /** Issues a key with `POST /api/keys`. */
  createApiKey(plan: Plan): Promise<string>;
  /** The unique names (`userName` or `displayName`) of every resource of one type the sandbox holds. */
  heldNames(apiKey: string, resourceType: 'Users' | 'Groups'): Promise<string[]>;
  /** `GET /scim/v2/{resourceType}/{id}`: its status, and the resource when there is one. */
  getResource(apiKey: string, resourceType: 'Users' | 'Groups', id: string): Promise<{ status: number; resource?: ScimResource }>;
}

export interface ScimResource {
  id: string;
  active?: boolean;
  [attribute: string]: unknown;
}

/**
 * Mounts the sandbox SCIM provider on `app` (after whatever `app` already serves, e.g.
 * `bundleSite()`) and listens on a free port of `host`.
 */
export async function listenWithSandbox(
  app: express.Express = express(),
  options: { sandbox?: SandboxOptions; host?: string } = {},
): Promise<SandboxServer> {
  const sandbox = createSandbox(options.sandbox);
  app.use(sandbox);
  const server = await listen(app, options.host);
  const scimUrl = new URL(SCIM_PATH, server.url).href;
  return {
    url: server.url,
    close: () => server.close().then(sandbox.closeStore),
    scimUrl,
    createApiKey: (plan) => createApiKey(server.url, plan),
    heldNames: async (apiKey, resourceType) => {
      const response = await fetch(`${scimUrl}/${resourceType}?count=1000`, {
        headers: { Authorization: `Bearer ${apiKey}`, Accept: SCIM_CONTENT_TYPE },
      });
      if (!response.ok) throw new Error(`GET ${resourceType} answered ${response.status}`);
      const list = (await response.json()) as { Resources?: { userName?: string; displayName?: string }[] };
      return (list.Resources ?? []).map((resource) => String(resourceType === 'Users' ? resource.userName : resource.displayName));
    },
    getResource: async (apiKey, resourceType, id) => {
      const response = await fetch(`${scimUrl}/${resourceType}/${encodeURIComponent(id)}`, {
        headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/scim+json' },
      });
      const body = (await response.json().catch(() => undefined)) as ScimResource | undefined;
      return { status: response.status, ...(response.ok && body ? { resource: body } : {}) };
    },
  };
}

/** Resources a run did not make, created through the sandbox's API, and as a GET showed each then. */
export interface Bystanders {
  user: { id: string; before: ScimResource | undefined };
  group: { id: string; before: ScimResource | undefined };
  /** What a GET of each shows now, to compare with `before`. */
  now(): Promise<{ user: ScimResource | undefined; group: ScimResource | undefined }>;
}

/** A user and a group with that user as its member, which a readiness run (or Check) must leave as they began. */
export async function bystanders(site: SandboxServer, apiKey: string): Promise<Bystanders> {
  const create = async (resourceType: 'Users' | 'Groups', body: object) => {
    const made = await fetch(`${site.scimUrl}/${resourceType}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': SCIM_CONTENT_TYPE },
      body: JSON.stringify(body),
    });
    if (made.status !== 201) throw new Error(`POST ${resourceType} answered ${made.status}`);
    return ((await made.json()) as { id: string }).id;
  };
  const userId = await create('Users', { schemas: [USER_SCHEMA], userName: 'bystander@example.com', active: true });
  const groupId = await create('Groups', { schemas: [GROUP_SCHEMA], displayName: 'Bystanders', members: [{ value: userId }] });
  const now = async () => ({ user: (await site.getResource(apiKey, 'Users', userId)).resource, group: (await site.getResource(apiKey, 'Groups', groupId)).resource });
  // Read once both exist: the user's `groups` names the group.
  const before = await now();
  const user = { id: userId, before: before.user };
  const group = { id: groupId, before: before.group };
  return { user, group, now };
}
