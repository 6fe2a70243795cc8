// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answering, callerWith, requestOf } from '../../test-support/fetch-stub';
import { RedirectRefused, REDIRECTED } from '../http/client';
import { answered, diagnose, isLocalHost, isMixedContent, mayBePrivateNetworkBlock, probeRequests, type WallFacts } from './diagnosis';
import { ALLOW_HEADERS, ALLOW_METHODS, diagnosisBrief, diagnosisText } from './diagnosis-text';

const NO_WALL: WallFacts = { mixedContent: false, sameCallAnswered: false, privateNetwork: false, probes: [] };

describe('the decision table, from what is known and what the probes got to the diagnosis', () => {
  it.each<[string, Partial<WallFacts>, ReturnType<typeof diagnose>]>([
    ['https page, http base URL: no probe needed', { mixedContent: true }, 'mixed-content'],
    ['mixed content wins over anything else', { mixedContent: true, sameCallAnswered: true, probes: [false, false] }, 'mixed-content'],
    ['a call like it was answered: no wall, no probe', { sameCallAnswered: true }, undefined],
    ['nothing probed yet: send the CORS probe', {}, 'probe'],
    ['the CORS GET answered: the preflight refused the call', { probes: [true] }, 'cors-preflight'],
    ['the CORS GET failed: send the no-cors probe', { probes: [false] }, 'probe'],
    ['the no-cors GET answered: the origin is not allowed', { probes: [false, true] }, 'cors-origin'],
    ['both failed: unreachable', { probes: [false, false] }, 'unreachable'],
    ['both failed, public page to a private address in Chromium: private network', { privateNetwork: true, probes: [false, false] }, 'private-network'],
    ['a private address whose server answers without CORS is still an origin refusal', { privateNetwork: true, probes: [false, true] }, 'cors-origin'],
  ])('%s', (_, facts, expected) => {
    expect(diagnose({ ...NO_WALL, ...facts })).toBe(expected);
  });

  it('sends at most two probes: after two outcomes it always decides', () => {
    for (const first of [true, false]) {
      for (const second of [true, false]) expect(diagnose({ ...NO_WALL, probes: [first, second] })).not.toBe('probe');
    }
  });
});

describe('mixed content', () => {
  it.each([
    ['https://docs.example.com/', 'http://api.example.com/scim/v2', true],
    ['https://docs.example.com/', 'http://api.test:8080/scim/v2', true],
    ['https://docs.example.com/', 'https://api.example.com/scim/v2', false],
    ['http://docs.example.com/', 'http://api.example.com/scim/v2', false],
    ['https://docs.example.com/', 'http://localhost:8787/scim/v2', false],
    ['https://docs.example.com/', 'http://sandbox.localhost/scim/v2', false],
    ['https://docs.example.com/', 'http://127.8.0.1/scim/v2', false],
    ['https://docs.example.com/', 'http://[::1]:8787/scim/v2', false],
    ['https://docs.example.com/', 'http://10.0.0.5/scim/v2', true],
  ])('page %s, base URL %s: %s', (page, base, expected) => {
    expect(isMixedContent(page, base)).toBe(expected);
  });

  it('counts the potentially trustworthy hosts as the browser does, and no look-alikes', () => {
    expect(['localhost', 'LOCALHOST', 'a.b.localhost', '127.0.0.1', '127.255.1.2', '[::1]'].every(isLocalHost)).toBe(true);
    expect(['localhost.example.com', 'mylocalhost', '128.0.0.1', '[::2]', '10.0.0.1'].some(isLocalHost)).toBe(false);
  });
});

describe('private network access', () => {
  it.each([
    ['https://docs.example.com/', 'http://localhost:8787/scim/v2', true, true],
    ['https://docs.example.com/', 'http://192.168.1.20/scim/v2', true, true],
    ['https://docs.example.com/', 'http://[fd12:3456::1]/scim/v2', true, true],
    ['https://docs.example.com/', 'http://192.168.1.20/scim/v2', false, false],
    ['http://localhost:5173/', 'http://localhost:8787/scim/v2', true, false],
    ['http://10.1.1.1/', 'http://192.168.1.20/scim/v2', true, false],
    ['https://docs.example.com/', 'https://api.example.com/scim/v2', true, false],
  ])('page %s, base URL %s, Chromium %s: %s', (page, base, chromium, expected) => {
    expect(mayBePrivateNetworkBlock(page, base, chromium)).toBe(expected);
  });
});

describe('the probes', () => {
  it('are GETs of the base URL, CORS first, without a body or the key', () => {
    const probes = probeRequests('https://api.example.com/scim/v2');
    expect(probes).toEqual([
      { method: 'GET', url: 'https://api.example.com/scim/v2' },
      { method: 'GET', url: 'https://api.example.com/scim/v2', mode: 'no-cors' },
    ]);
  });

  const send = callerWith({ method: 'GET', url: 'https://api.example.com/scim/v2', apiKey: null });

  it('a no-cors probe follows redirects (Fetch allows no other mode) and counts an opaque answer as answered', async () => {
    const opaque = answering(() => Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaque' }));
    const result = await send(opaque, { mode: 'no-cors' });
    const { init, headers } = requestOf(opaque);
    expect(init).toMatchObject({ mode: 'no-cors', redirect: 'follow', credentials: 'omit' });
    expect(headers.has('Authorization')).toBe(false);
    expect(answered({ purpose: 'probe', ...result })).toBe(true);
    expect(result.response).toBeUndefined();
  });

  it('a probe whose redirect to another origin was refused (see src/batch/confined-fetch.ts) counts as answered, with nothing followed', async () => {
    const refused = await send(answering(() => Promise.reject(new RedirectRefused()) as unknown as Response), { mode: 'no-cors' });
    expect(refused).toMatchObject({ status: 0, statusText: REDIRECTED, ok: false, detail: 'The server answered with a redirect to another origin, which was not followed' });
    expect(answered({ purpose: 'probe', ...refused })).toBe(true);
  });

  it('a CORS probe counts any status as answered, a network error as not', async () => {
    const notFound = await send(answering(() => new Response(null, { status: 404 })));
    const failed = await send(answering(() => Promise.reject(new TypeError('Failed to fetch')) as unknown as Response));
    expect(answered({ purpose: 'probe', ...notFound })).toBe(true);
    expect(answered({ purpose: 'probe', ...failed })).toBe(false);
  });
});

describe('what a diagnosis says', () => {
  const where = { pageOrigin: 'https://docs.example.com', baseUrl: 'http://api.example.com:8080/scim/v2' };

  it('names the origin and the header a refused origin needs', () => {
    expect(diagnosisText('cors-origin', where).detail).toContain('Access-Control-Allow-Origin: https://docs.example.com');
  });

  it('tells each wall briefly for the lines after the first, the path before CORS', () => {
    expect(diagnosisBrief('cors-origin', 'http://localhost:8501/scim/v1')).toBe("check base-url's path (/scim/v1), then CORS, as the first line says.");
    expect(diagnosisBrief('unreachable', 'http://localhost:8501/scim/v2')).toBe('nothing answered at http://localhost:8501, as the first line says.');
  });

  it("names base-url's path before CORS when the origin answers but refuses the page", () => {
    const { detail } = diagnosisText('cors-origin', { ...where, baseUrl: 'http://localhost:8501/scim/v1' });
    expect(detail).toMatch(/^http:\/\/localhost:8501 answers, but not to this page\. First check base-url's path \(\/scim\/v1\).*Access-Control-Allow-Origin/);
  });

  it("names the methods and headers a preflight must allow, as the README's CORS section lists them", () => {
    const { detail } = diagnosisText('cors-preflight', where);
    const readme = readFileSync('README.md', 'utf8');
    const corsSection = readme.slice(readme.indexOf('### CORS'), readme.indexOf('### Try it against the sandbox'));
    for (const header of [`Access-Control-Allow-Methods: ${ALLOW_METHODS}`, `Access-Control-Allow-Headers: ${ALLOW_HEADERS}`]) {
      expect(detail).toContain(header);
      expect(corsSection).toContain(header);
    }
  });

  it.each(['cors-origin', 'cors-preflight'] as const)('%s offers the relay for the base URL and the page origin', (diagnosis) => {
    expect(diagnosisText(diagnosis, where).detail).toContain('run npx scim-generator relay http://api.example.com:8080/scim/v2 --origin https://docs.example.com on your machine');
  });

  it.each(['mixed-content', 'unreachable', 'private-network'] as const)('%s offers no relay, which would not help', (diagnosis) => {
    expect(diagnosisText(diagnosis, where).detail).not.toContain('relay');
  });

  it.each([
    ['mixed-content', 'Blocked: mixed content', 'https'],
    ['unreachable', 'Unreachable', 'http://api.example.com:8080'],
    ['cors-origin', 'Blocked by CORS', 'Access-Control-Allow-Origin'],
    ['cors-preflight', 'Blocked by CORS', 'OPTIONS'],
    ['private-network', 'Blocked: private network', 'Access-Control-Allow-Private-Network: true'],
  ] as const)('%s reads "%s" and names %s', (diagnosis, statusText, named) => {
    const text = diagnosisText(diagnosis, where);
    expect(text.statusText).toBe(statusText);
    expect(text.detail).toContain(named);
  });
});
