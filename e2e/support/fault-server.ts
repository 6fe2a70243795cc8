import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_SCHEMA, LIST_RESPONSE_SCHEMA, SCIM_CONTENT_TYPE } from '../../src/scim/protocol';
import { bigBody, type BigBodyShape } from '../../test/support/big-bodies';

/**
 * What the fault server does with a SCIM POST, chosen by the first path segment of the base URL:
 * `http://127.0.0.1:<port>/<fault>/scim/v2/Users`. A PATCH or DELETE of a resource below it
 * (the follow-up actions) gets 200 or 204, whatever the fault. A GET of `…/Users` without a filter
 * gets a ListResponse of one user, LISTED_USER (a list of users, which the element must never read:
 * members are only users a page made); a GET with a
 * `filter` (an IdP's lookup) an empty ListResponse, unless the fault is one of the `lookup-` ones.
 */
export const FAULTS = [
  'ok', // 201 Created with the record and an id
  'reset', // destroys the connection of every request but a preflight: no HTTP response at all
  'hang', // never answers
  'unfinished-body', // 201 and the start of a body, never finished
  'hold', // held until release(), then 201
  'html-500', // 500 with an HTML page (and a script in it)
  'scim-400', // SCIM error, scimType invalidValue
  'scim-409', // SCIM error, scimType uniqueness
  'unauthorized', // SCIM error 401
  'rate-limited', // SCIM error 429, Retry-After: 900 (seconds)
  'rate-limited-date', // SCIM error 429, Retry-After: an HTTP date 15 minutes ahead
  'foreign-location', // 201 whose meta.location and Location header name another origin (localhost for 127.0.0.1)
  'redirect-307', // 307 to the `ok` endpoint on another origin: a followed POST would create the record there
  'redirect-302', // 302 to the `ok` endpoint on another origin: a followed POST would become a GET
  'empty-reason', // 201 with an empty reason phrase: `HTTP/1.1 201 `
  'no-cors', // 201, but no answer (the preflight, the POST, a GET of the base URL) carries CORS headers
  'no-cors-redirect', // as no-cors, but a GET of the base URL (a probe) answers 302 to the `ok` endpoint on another origin (issue 49, item 5)
  'options-404', // CORS headers on every answer, but the preflight answers 404
  'no-authorization', // the preflight allows Content-Type but not Authorization
  'script-text', // 400 whose reason phrase, scimType and detail are markup
  'echo-key', // 400 whose reason phrase and detail repeat the Authorization header
  'echo-key-upper', // 400 whose detail repeats the Authorization header in capitals
  'mix', // per request, in turn: ok, scim-409, html-500, scim-400, reset
  'lookup-404', // a filtered GET answers 404 with the SCIM error schema (Okta: "not found"); POSTs as ok
  'lookup-mixed', // the first filtered GET answers 400 invalidFilter, the second a match, the rest nothing; POSTs as ok
  'lookup-ignores-filter', // every filtered GET answers the same user, of another userName (issue 36, F2); POSTs as ok
  // Hostile answers (issue 27): each one once broke the element.
  'retry-absurd', // SCIM error 429, Retry-After: 9000000000000 (past any date a browser can show)
  'deep-json', // 201 whose body is an array nested DEEP_JSON_DEPTH deep
  'lone-surrogate-id', // 201 whose id holds a lone surrogate, which no URL can carry
  'echo-key-encoded', // 201 that repeats the Authorization header's key encoded (ENCODINGS), also in meta.location's query
  'echo-key-cut', // 400 text/plain that repeats the key where the 256 KB cut splits it
  'collection-location', // 201 whose meta.location is the collection itself
  'dotdot-location', // 201 whose meta.location is {collection}/..%2fGroups%2f{id}
  'existing-200', // 200 with the record and an id: a resource the server already had
  'accepted-202', // 202 with the record and the id of a group it already had (VICTIM_GROUP_ID)
  'accepted-203', // 203 with the record and the id of a group it already had (VICTIM_GROUP_ID)
  'list-huge', // POSTs as ok; a list of users (GET /Users), never to be read, answers a ListResponse past 256 KB
  'list-stall', // POSTs as ok; a list of users starts its ListResponse and never finishes it
  'control-text', // 400 text/plain holding NUL, ANSI and C1 escapes
  'big-long-string', // 201 with the record, its JSON text brought just under 256 KB by one long string (big-bodies.ts)
  'big-many-objects', // the same by 5,000 small objects
  'big-deep', // the same by objects nested 60 deep
  'acme-domain-only', // a User POST whose userName or any e-mail is not at ONLY_DOMAIN: SCIM error 400 invalidValue naming it; else as ok
  'shell-text', // 201 whose user id (SHELL_ID and a UUID, one per user), and so its meta.location (written raw), are shell code
] as const;
export type Fault = (typeof FAULTS)[number];

const MIX: readonly Fault[] = ['ok', 'scim-409', 'html-500', 'scim-400', 'reset'];

export const MARKUP = '<img src=x onerror=window.__pwned=1>';
export const SCIM_409_DETAIL = 'userName is already taken';
export const SCIM_400_DETAIL = 'emails[0].value is not a valid address';
/** The one e-mail domain the `acme-domain-only` fault takes, as a server that accepts only its tenant's domain. */
export const ONLY_DOMAIN = 'acme.test';

/** The first of a User body's userName and e-mail values not at ONLY_DOMAIN, as the refusal names it; undefined when all are. */
function outsideOnlyDomain(body: string): string | undefined {
  let user: { userName?: unknown; emails?: unknown } = {};
  try {
    user = JSON.parse(body) as typeof user;
  } catch {
    // Nothing to read: the userName is missing, so it is refused below.
  }
  const emails = Array.isArray(user.emails) ? user.emails.map((email) => (email as { value?: unknown } | null)?.value) : [];
  const outside = [user.userName, ...emails].find((value) => typeof value !== 'string' || !value.toLowerCase().endsWith(`@${ONLY_DOMAIN}`));
  return outside === undefined ? undefined : `${JSON.stringify(outside)} is not an address at ${ONLY_DOMAIN}`;
}

/** How an exchange ended, as the server saw it. */
export type Ending = 'open' | 'answered' | 'closed-by-client' | 'reset-by-server';

export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The fault this request was given (`mix` resolved to the fault it got). */
  fault: Fault | undefined;
  ending: Ending;
  /** performance.now() when the request had arrived whole, and when its answer was sent. */
  receivedAt: number;
  answeredAt?: number;
}

export interface FaultServer {
  /** Origin without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  /** The `base-url` that makes every call get `fault`. */
  baseUrl(fault: Fault): string;
  /** Every request since start or reset(), preflights included, in arrival order. */
  requests: RecordedRequest[];
  /** The SCIM POSTs among `requests`. */
  posts(): RecordedRequest[];
  /** Answers the held `hold` requests with 201 and lets later ones through at once. */
  release(): void;
  /** Forgets the requests, restarts the mix and closes the gate of `hold` again. */
  reset(): void;
  close(): Promise<void>;
}

export const RETRY_AFTER_SECONDS = 900;
export const ABSURD_RETRY_AFTER = '9000000000000';
export const DEEP_JSON_DEPTH = 5000;
export const CONTROL_TEXT = 'Oops\u0000 \u001b[31mred\u001b[0m \u001b]0;title\u0007 \u009b2J';

/** The key as `echo-key-encoded` repeats it, by the name of each form. */
export const ENCODINGS: Record<string, (key: string) => string> = {
  base64: (key) => Buffer.from(key).toString('base64'),
  base64url: (key) => Buffer.from(key).toString('base64url'),
  basic: (key) => `Basic ${Buffer.from(`ada:${key}`).toString('base64')}`,
  url: (key) => encodeURIComponent(key),
  hex: (key) => Buffer.from(key).toString('hex'),
  // Written into the JSON text as escapes, so the parsed value is the key itself.
  escaped: (key) => [...key].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
};

// Shell code that creates a marker file in the shell's working directory if a shell ever runs it.
// The location: no `/`, so it still names one resource; no space or brace, which the URL parser
// would encode; `[1-2]`, a range curl expands without --globoff; and quotes. The member id: no `'`,
// so that a recipe pasting the command into `sh -c '…'` runs it rather than failing to parse it.
export const SHELL_ID = `$(touch pwned-id)\`touch pwned-id-2\`'"`;

export const LISTED_USER = { id: 'listed-user-1', userName: 'listed@example.com', displayName: 'Listed User' };
export const VICTIM_GROUP_ID = 'VICTIM-G';

/** The faults whose answers carry no CORS headers. */
const withoutCors = (fault: Fault) => fault === 'no-cors' || fault === 'no-cors-redirect';

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, PATCH, DELETE',
  'Access-Control-Expose-Headers': 'Retry-After, Location',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
  'Access-Control-Max-Age': '600',
};

function scimError(status: number, scimType: string | undefined, detail: string) {
  return JSON.stringify({
    schemas: [ERROR_SCHEMA],
    status: String(status),
    ...(scimType ? { scimType } : {}),
    detail,
  });
}

function created(body: string, location?: (id: string) => string, id: string = crypto.randomUUID()): string {
  let record: object = {};
  try {
    record = JSON.parse(body) as object;
  } catch {
    // Answer anyway: the client under test only reads the status.
  }
  return JSON.stringify({ ...record, id, ...(location ? { meta: { resourceType: 'User', location: location(id) } } : {}) });
}

/** The collection the request went to, e.g. `http://127.0.0.1:4000/ok/scim/v2/Users`. */
function collectionOf(request: RecordedRequest): string {
  return `http://${request.headers.host ?? ''}${new URL(request.url, 'http://x').pathname.replace(/\/+$/, '')}`;
}

const keyOf = (request: RecordedRequest) => (request.headers.authorization ?? '').replace(/^Bearer /, '');

/** A body of exactly MAX_BODY_BYTES (256 KB) bytes before the key's sixth character, the key, and more. */
function keyAtTheCut(key: string): string {
  const before = 256 * 1024 - 5;
  return `${'x'.repeat(before)}${key} and more`;
}

type Answer = { status: number; reason?: string; contentType: string; body: string; headers?: Record<string, string> };

/** The `ok` endpoint on the same port under the name `localhost`: another origin than `127.0.0.1` for the browser. */
function foreignUsers(request: RecordedRequest): string {
  const port = (request.headers.host ?? '').split(':')[1];
  return `http://localhost:${port}/ok/scim/v2/Users`;
}

function foreignLocation(request: RecordedRequest, id: string): string {
  return `${foreignUsers(request)}/${id}`;
}

function answerFor(fault: Fault, request: RecordedRequest): Answer | undefined {
  const scim = (status: number, scimType: string | undefined, detail: string, reason?: string): Answer => ({
    status,
    ...(reason === undefined ? {} : { reason }),
    contentType: SCIM_CONTENT_TYPE,
    body: scimError(status, scimType, detail),
  });
  switch (fault) {
    case 'ok':
    case 'hold':
    case 'no-cors':
    case 'no-cors-redirect':
    case 'options-404':
    case 'no-authorization':
    case 'lookup-404':
    case 'lookup-mixed':
    case 'lookup-ignores-filter':
      return { status: 201, contentType: SCIM_CONTENT_TYPE, body: created(request.body) };
    case 'empty-reason':
      return { status: 201, reason: '', contentType: SCIM_CONTENT_TYPE, body: created(request.body) };
    case 'acme-domain-only': {
      const refused = collectionOf(request).endsWith('/Users') ? outsideOnlyDomain(request.body) : undefined;
      return refused ? scim(400, 'invalidValue', refused) : { status: 201, contentType: SCIM_CONTENT_TYPE, body: created(request.body) };
    }
    case 'html-500':
      return {
        status: 500,
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><h1>Oops</h1>${MARKUP}<script>window.__pwned = 1</script>`,
      };
    case 'scim-400':
      return scim(400, 'invalidValue', SCIM_400_DETAIL);
    case 'scim-409':
      return scim(409, 'uniqueness', SCIM_409_DETAIL);
    case 'unauthorized':
      return scim(401, undefined, 'Missing or invalid bearer token');
    case 'rate-limited':
      return { ...scim(429, 'tooMany', 'Request limit reached'), headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } };
    case 'rate-limited-date': {
      const retryAt = new Date(Date.now() + RETRY_AFTER_SECONDS * 1000).toUTCString();
      return { ...scim(429, 'tooMany', 'Request limit reached'), headers: { 'Retry-After': retryAt } };
    }
    case 'foreign-location': {
      const body = created(request.body, (id) => foreignLocation(request, id));
      const { meta } = JSON.parse(body) as { meta: { location: string } };
      return { status: 201, contentType: SCIM_CONTENT_TYPE, body, headers: { Location: meta.location } };
    }
    case 'redirect-307':
    case 'redirect-302':
      return { status: fault === 'redirect-307' ? 307 : 302, contentType: SCIM_CONTENT_TYPE, body: '', headers: { Location: foreignUsers(request) } };
    case 'script-text':
      return scim(400, MARKUP, MARKUP, MARKUP);
    case 'echo-key': {
      const credential = request.headers.authorization ?? '';
      return scim(400, 'invalidValue', `Token rejected: ${credential}`, `Bad credential ${credential}`);
    }
    case 'echo-key-upper':
      return scim(400, 'invalidValue', `Token rejected: ${(request.headers.authorization ?? '').toUpperCase()}`);
    case 'retry-absurd':
      return { ...scim(429, 'tooMany', 'Request limit reached'), headers: { 'Retry-After': ABSURD_RETRY_AFTER } };
    case 'big-long-string':
    case 'big-many-objects':
    case 'big-deep':
      return { status: 201, contentType: SCIM_CONTENT_TYPE, body: bigBody(fault.slice('big-'.length) as BigBodyShape, JSON.parse(created(request.body)) as object) };
    case 'deep-json':
      return { status: 201, contentType: SCIM_CONTENT_TYPE, body: `${'['.repeat(DEEP_JSON_DEPTH)}${']'.repeat(DEEP_JSON_DEPTH)}` };
    case 'lone-surrogate-id':
      // JSON.stringify writes the lone surrogate as the escape \ud800, which JSON.parse turns back into it.
      return { status: 201, contentType: SCIM_CONTENT_TYPE, body: created(request.body, undefined, `g-\uD800-${crypto.randomUUID()}`) };
    case 'echo-key-encoded': {
      const key = keyOf(request);
      const location = (id: string) => `${collectionOf(request)}/${id}?k=${encodeURIComponent(key)}`;
      const body = created(request.body, location);
      const echoes = Object.entries(ENCODINGS).map(([name, encode]) => `"${name}":"${encode(key)}"`);
      return {
        status: 201,
        contentType: SCIM_CONTENT_TYPE,
        body: `${body.slice(0, -1)},"echo":{${echoes.join(',')}}}`,
        headers: { Location: (JSON.parse(body) as { meta: { location: string } }).meta.location },
      };
    }
    case 'echo-key-cut':
      return { status: 400, contentType: 'text/plain', body: keyAtTheCut(keyOf(request)) };
    case 'collection-location':
      return { status: 201, contentType: SCIM_CONTENT_TYPE, body: created(request.body, () => collectionOf(request)) };
    case 'dotdot-location':
      return { status: 201, contentType: SCIM_CONTENT_TYPE, body: created(request.body, (id) => `${collectionOf(request)}/..%2fGroups%2f${id}`) };
    case 'existing-200':
      return { status: 200, contentType: SCIM_CONTENT_TYPE, body: created(request.body) };
    case 'accepted-202':
    case 'accepted-203':
      return { status: fault === 'accepted-202' ? 202 : 203, contentType: SCIM_CONTENT_TYPE, body: created(request.body, undefined, VICTIM_GROUP_ID) };
    case 'list-huge':
    case 'list-stall':
      return { status: 201, contentType: SCIM_CONTENT_TYPE, body: created(request.body) };
    case 'control-text':
      return { status: 400, contentType: 'text/plain', body: CONTROL_TEXT };
    case 'shell-text':
      // Groups keep plain ids; a member PATCH carries the SHELL_ID of the users the batch created to be members.
      if (!collectionOf(request).endsWith('/Users')) return { status: 201, contentType: SCIM_CONTENT_TYPE, body: created(request.body) };
      return { status: 201, contentType: SCIM_CONTENT_TYPE, body: created(request.body, (id) => `${collectionOf(request)}/${id}`, `${SHELL_ID}-${crypto.randomUUID()}`) };
    default:
      return undefined; // reset, hang, mix: handled by the caller
  }
}

function listAnswer(resources: object[]): Answer {
  const list = { schemas: [LIST_RESPONSE_SCHEMA], totalResults: resources.length, startIndex: 1, itemsPerPage: resources.length, Resources: resources };
  return { status: 200, contentType: SCIM_CONTENT_TYPE, body: JSON.stringify(list) };
}

/** The users the member lookup (GET /Users without a filter) lists. */
function listedUsersFor(fault: Fault): object[] {
  // Some 300 KB of users: past the element's 256 KB cap.
  if (fault === 'list-huge') return Array.from({ length: 3000 }, (_, index) => ({ ...LISTED_USER, id: `listed-${index}`, displayName: 'x'.repeat(80) }));
  return [LISTED_USER];
}

export const LOOKUP_400_DETAIL = 'Filters are not supported';
export const MATCHED_ID = 'already-here-1';
export const IGNORED_FILTER_ID = 'look-0';
export const IGNORED_FILTER_USER = 'first.user@example.com';

/** The answer to the `turn`th filtered GET (an IdP's lookup) since the last reset. */
function lookupAnswer(fault: Fault, turn: number, filter: string): Answer {
  if (fault === 'lookup-404') return { status: 404, contentType: SCIM_CONTENT_TYPE, body: scimError(404, undefined, 'Resource not found') };
  if (fault === 'lookup-mixed' && turn === 0) return { status: 400, contentType: SCIM_CONTENT_TYPE, body: scimError(400, 'invalidFilter', LOOKUP_400_DETAIL) };
  // The match has the userName looked up (`userName eq "…"`): a lookup counts only such a user.
  if (fault === 'lookup-mixed' && turn === 1) return listAnswer([{ id: MATCHED_ID, userName: JSON.parse(filter.replace(/^userName eq /, '')) as string }]);
  if (fault === 'lookup-ignores-filter') return listAnswer([{ id: IGNORED_FILTER_ID, userName: IGNORED_FILTER_USER }]);
  return listAnswer([]);
}

/** A SCIM endpoint that misbehaves on purpose, on a loopback port of its own (another origin than the page). */
export async function startFaultServer(): Promise<FaultServer> {
  let requests: RecordedRequest[] = [];
  let held: { request: RecordedRequest; res: ServerResponse }[] = [];
  let holding = true;
  let mixTurn = 0;
  let lookups = 0;

  function send(res: ServerResponse, request: RecordedRequest, answer: Answer, withCors: boolean): void {
    const headers = { 'Content-Type': answer.contentType, ...answer.headers, ...(withCors ? CORS_HEADERS : {}) };
    // An explicit reason (even '') is written as is; Node otherwise fills in the standard phrase.
    if (answer.reason === undefined) res.writeHead(answer.status, headers);
    else res.writeHead(answer.status, answer.reason, headers);
    res.end(answer.body);
    request.ending = 'answered';
    request.answeredAt = performance.now();
  }

  function handlePost(fault: Fault, request: RecordedRequest, res: ServerResponse): void {
    const given = fault === 'mix' ? (MIX[mixTurn++ % MIX.length] as Fault) : fault;
    request.fault = given;
    if (given === 'reset') {
      request.ending = 'reset-by-server';
      res.socket?.destroy();
      return;
    }
    if (given === 'hang') return;
    if (given === 'unfinished-body') {
      res.writeHead(201, { 'Content-Type': SCIM_CONTENT_TYPE, ...CORS_HEADERS }).write('{"id":');
      return;
    }
    if (given === 'hold' && holding) {
      held.push({ request, res });
      return;
    }
    // A mix must not be changed by socket reuse: Chromium resends a request whose reused socket was reset.
    if (fault === 'mix') res.setHeader('Connection', 'close');
    send(res, request, answerFor(given, request) as Answer, !withoutCors(given));
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const segment = new URL(req.url ?? '/', 'http://x').pathname.split('/')[1] ?? '';
    const fault = (FAULTS as readonly string[]).includes(segment) ? (segment as Fault) : undefined;
    const request: RecordedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body,
      fault,
      ending: 'open',
      receivedAt: performance.now(),
    };
    requests.push(request);
    res.on('close', () => {
      if (request.ending === 'open') request.ending = 'closed-by-client';
    });
    if (req.method === 'OPTIONS') {
      res.writeHead(fault === 'options-404' ? 404 : 204, {
        ...(fault && withoutCors(fault) ? {} : CORS_HEADERS),
        ...(fault === 'no-authorization' ? { 'Access-Control-Allow-Headers': 'Content-Type' } : {}),
        ...(fault === 'mix' ? { Connection: 'close' } : {}),
      });
      res.end();
      request.ending = 'answered';
      return;
    }
    if (fault && (req.method === 'PATCH' || req.method === 'DELETE')) {
      const answer: Answer = req.method === 'DELETE' ? { status: 204, contentType: SCIM_CONTENT_TYPE, body: '' } : { status: 200, contentType: SCIM_CONTENT_TYPE, body: '{"active":false}' };
      send(res, request, answer, true);
      return;
    }
    const url = new URL(request.url, 'http://x');
    if (fault && req.method === 'GET' && url.searchParams.has('filter')) {
      send(res, request, lookupAnswer(fault, lookups++, url.searchParams.get('filter') ?? ''), true);
      return;
    }
    if (fault && req.method === 'GET' && url.pathname.endsWith('/Users')) {
      if (fault === 'list-stall') {
        res.writeHead(200, { 'Content-Type': SCIM_CONTENT_TYPE, ...CORS_HEADERS }).write(`{"schemas":["${LIST_RESPONSE_SCHEMA}"],"Resources":[`);
        return;
      }
      send(res, request, listAnswer(listedUsersFor(fault)), true);
      return;
    }
    if (fault === 'reset') {
      request.ending = 'reset-by-server';
      res.socket?.destroy();
      return;
    }
    if (fault === 'no-cors-redirect' && req.method === 'GET') {
      send(res, request, { status: 302, contentType: SCIM_CONTENT_TYPE, body: '', headers: { Location: foreignUsers(request) } }, false);
      return;
    }
    if (fault === 'no-cors' && req.method === 'GET') {
      // As a SCIM server answers a GET of its base URL, without CORS.
      send(res, request, { status: 404, contentType: SCIM_CONTENT_TYPE, body: scimError(404, undefined, 'Not found') }, false);
      return;
    }
    if (req.method !== 'POST' || !fault) {
      res.writeHead(404, CORS_HEADERS).end();
      request.ending = 'answered';
      return;
    }
    handlePost(fault, request, res);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    baseUrl: (fault) => `${origin}/${fault}/scim/v2`,
    get requests() {
      return requests;
    },
    posts: () => requests.filter((request) => request.method === 'POST'),
    release() {
      holding = false;
      for (const { request, res } of held) {
        if (request.ending === 'open') send(res, request, answerFor('hold', request) as Answer, true);
      }
      held = [];
    },
    reset() {
      requests = [];
      held = [];
      holding = true;
      mixTurn = 0;
      lookups = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
