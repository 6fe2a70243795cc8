import { describe, expect, it } from 'vitest';
import { USER_SCHEMA } from '../protocol';
import { ACME_USER, CORE_GROUP, CORE_USER, RESOURCE_TYPES, listResponse } from '../../test-support/server-schemas';
import type { SendCall } from '../http/call';
import { sendScim } from '../http/client';
import { readServerSchemas, resourceSchemaOf } from './read-schema';

const BASE_URL = 'https://scim.example.com/scim/v2';
type Answer = { status: number; body: string; contentType?: string };
const json = (body: unknown, status = 200): Answer => ({ status, body: JSON.stringify(body) });

/** A SendCall over a real sendScim whose fetch answers each path as `answers` says. */
function serverAnswering(answers: Record<string, Answer>): { send: SendCall; sent: string[] } {
  const sent: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname.replace('/scim/v2', '');
    sent.push(path);
    const { status, body, contentType = 'application/scim+json' } = answers[path] ?? json({}, 404);
    return new Response(body, { status, headers: { 'Content-Type': contentType } });
  };
  const send: SendCall = async (request, purpose) => ({
    purpose,
    ...(await sendScim({ ...request, apiKey: 'k', timeoutMs: 1000, signal: new AbortController().signal, fetch })),
  });
  return { send, sent };
}

const PUBLISHED = {
  '/ResourceTypes': json(listResponse(RESOURCE_TYPES)),
  '/Schemas': json(listResponse([CORE_USER, CORE_GROUP, ACME_USER])),
};

describe('readServerSchemas', () => {
  it('reads /ResourceTypes and /Schemas, each once, as discover calls', async () => {
    const { send, sent } = serverAnswering(PUBLISHED);
    const reading = await readServerSchemas(BASE_URL, send);
    expect(sent.sort()).toEqual(['/ResourceTypes', '/Schemas']);
    if (!reading.ok) throw new Error(reading.reason);
    const users = resourceSchemaOf(reading.value, 'Users', BASE_URL);
    expect(users).toMatchObject({ ok: true, value: { core: { id: USER_SCHEMA }, extensions: [{ id: ACME_USER.id, required: true }], endpoints: new Map([['User', '/Users'], ['Group', '/Groups']]) } });
  });

  it('takes a bare JSON array as well as a ListResponse', async () => {
    const { send } = serverAnswering({ '/ResourceTypes': json(RESOURCE_TYPES), '/Schemas': json([CORE_USER, CORE_GROUP, ACME_USER]) });
    const reading = await readServerSchemas(BASE_URL, send);
    expect(reading.ok && resourceSchemaOf(reading.value, 'Groups', BASE_URL).ok).toBe(true);
  });

  it.each([
    ['a 404', { '/Schemas': json({ detail: 'no' }, 404) }, 'GET /Schemas answered 404 Not Found'],
    ['a 401', { '/ResourceTypes': json({}, 401) }, 'GET /ResourceTypes answered 401 Unauthorized'],
    ['HTML', { '/Schemas': { status: 200, body: '<html></html>', contentType: 'text/html' } }, 'GET /Schemas did not answer a JSON list of resources'],
    ['an object without Resources', { '/ResourceTypes': json({ totalResults: 0 }) }, 'GET /ResourceTypes did not answer a JSON list of resources'],
  ])('says why when a read gets %s', async (_case, answers: Record<string, Answer>, reason) => {
    const { send } = serverAnswering({ ...PUBLISHED, ...answers });
    expect(await readServerSchemas(BASE_URL, send)).toEqual({ ok: false, reason });
  });
});

describe('resourceSchemaOf', () => {
  const server = (resourceTypes: unknown[], schemas: unknown[]) =>
    readServerSchemas(BASE_URL, serverAnswering({ '/ResourceTypes': json(listResponse(resourceTypes)), '/Schemas': json(listResponse(schemas)) }).send);

  it('says so when no resource type is at the endpoint', async () => {
    const reading = await server(RESOURCE_TYPES.slice(0, 1), [CORE_USER, ACME_USER]);
    expect(reading.ok && resourceSchemaOf(reading.value, 'Groups', BASE_URL)).toEqual({ ok: false, reason: '/ResourceTypes lists no resource type at /Groups' });
  });

  it('says so when /Schemas lacks the core schema or a required extension, not an optional one', async () => {
    const withoutCore = await server(RESOURCE_TYPES, [CORE_GROUP, ACME_USER]);
    expect(withoutCore.ok && resourceSchemaOf(withoutCore.value, 'Users', BASE_URL)).toEqual({ ok: false, reason: `/Schemas does not describe ${USER_SCHEMA}, the schema of /Users` });
    const withoutAcme = await server(RESOURCE_TYPES, [CORE_USER]);
    expect(withoutAcme.ok && resourceSchemaOf(withoutAcme.value, 'Users', BASE_URL)).toEqual({ ok: false, reason: `/Schemas does not describe ${ACME_USER.id}, which /Users requires` });
  });
});
