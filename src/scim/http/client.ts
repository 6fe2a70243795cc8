import { isJsonObject } from './json';
import { statusTextFor } from './reason-phrase';
import { readResponse, type ScimResponse } from './read-response';
import { redactorFor, type Redactor } from '../secrets/redact';
import { API_KEY_TOKEN, NOT_THE_KEY } from '../secrets/key-token';
import { SCIM_CONTENT_TYPE } from '../protocol';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A SCIM PatchOp request body (RFC 7644 §3.5.2), as the profiles' dialects spell it. */
export interface PatchRequest {
  schemas: string[];
  Operations: PatchOperation[];
}

export interface PatchOperation {
  op: string;
  path?: string;
  /** Absent from a `remove` whose path selects what it removes (RFC 7644 §3.5.2.2). */
  value?: unknown;
}

/** A call as it was sent, with the key replaced by API_KEY_TOKEN (src/scim/secrets/key-token.ts shows it). */
export interface ScimRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** The JSON body that was sent, if any. */
  body?: unknown;
}

/** How one SCIM call ended. `status` is 0 when no HTTP response the page may read arrived. */
export interface ScimResult {
  status: number;
  statusText: string;
  ok: boolean;
  /** The SCIM error `detail` of a failed call, or what went wrong when no response came. */
  detail?: string;
  /**
   * The call never left the page: the browser blocks it (mixed content, found by the diagnosis), or
   * the guard refused it (see OwnedResources). `request` is what it would have sent.
   */
  notSent?: true;
  /** The SCIM error `scimType` of a failed call, when the server sent one. */
  scimType?: string;
  /** The `id` of the resource a successful call returned. */
  id?: string;
  /** Its `meta.location`, or the `Location` header when the page may read it. */
  location?: string;
  /** When the call started (ISO 8601). */
  startedAt: string;
  /** Milliseconds from the start of the call until its whole body was read or it failed. */
  durationMs: number;
  request: ScimRequest;
  /** Absent when no response arrived (network error, timeout, abort, unusable key). */
  response?: ScimResponse;
}

export interface ScimCallOptions {
  method: HttpMethod;
  /** The full URL, e.g. `https://example.com/scim/v2/Users`. */
  url: string;
  /** Sent as JSON with the SCIM content type; no body when undefined. */
  body?: unknown;
  /** Sent as `Authorization: Bearer <apiKey>`; no Authorization header at all when null. */
  apiKey: string | null;
  timeoutMs: number;
  /** `no-cors` only for a probe (see scim/diagnosis.ts): its answer stays opaque, and it follows redirects, as Fetch requires. */
  mode?: 'cors' | 'no-cors';
  /** Aborts the call when the batch it belongs to is abandoned. */
  signal: AbortSignal;
  fetch?: typeof fetch;
}

const MAX_DETAIL_LENGTH = 300;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export const NETWORK_ERROR = 'Network error';
export const TIMED_OUT = 'Timed out';
export const ABORTED = 'Aborted';
export const UNUSABLE_KEY = 'Unusable API key';
export const REDIRECTED = 'Redirected';
/**
 * What a fetch throws when it refused to follow a redirect to another origin (a probe's, see
 * src/batch/confined-fetch.ts): the server answered, with a redirect.
 */
export class RedirectRefused extends Error {}

/** A `no-cors` call was answered; what the answer was, the browser does not tell the page. */
export const OPAQUE_ANSWER = 'Answered';

type Outcome = Pick<ScimResult, 'status' | 'statusText' | 'ok' | 'detail' | 'scimType' | 'id' | 'location' | 'response'>;

/**
 * Sends one SCIM call and reports everything about it. Never rejects: network failures,
 * timeouts and aborts become results with status 0, so every item ends as a line. Redirects are
 * not followed: the configured server did not carry out a redirected call.
 */
export async function sendScim(options: ScimCallOptions): Promise<ScimResult> {
  const { method, url, body, apiKey, timeoutMs, mode = 'cors', signal, fetch: fetchImpl = globalThis.fetch } = options;
  const redact = redactorFor(apiKey);
  const request = recordedRequest(options, redact);
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const ended = (outcome: Outcome): ScimResult => ({
    ...outcome,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    request,
  });
  if (apiKey !== null && !isSendableHeaderValue(apiKey)) {
    const detail = 'The stored API key has characters an HTTP header cannot carry, so nothing was sent';
    return ended({ status: 0, statusText: UNUSABLE_KEY, ok: false, detail });
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromBatch = () => controller.abort();
  signal.addEventListener('abort', abortFromBatch);
  if (signal.aborted) controller.abort();

  try {
    const response = await fetchImpl(url, {
      method,
      headers: { ...request.headers, ...(apiKey === null ? {} : { Authorization: `Bearer ${apiKey}` }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'omit',
      // A read-back must show what the server holds now, never a cached copy revalidated by ETag.
      cache: 'no-store',
      mode,
      // Fetch §4.1 main fetch: a no-cors request whose redirect mode is not "follow" is a network error.
      redirect: mode === 'no-cors' ? 'follow' : 'manual',
      signal: controller.signal,
    });
    if (response.type === 'opaque') {
      return ended({ status: 0, statusText: OPAQUE_ANSWER, ok: false, detail: 'The server answered; a no-cors request may not read the answer' });
    }
    const opaqueRedirect = response.type === 'opaqueredirect';
    // A server may echo the credential in its reason phrase, as in its error detail.
    const statusText = opaqueRedirect ? REDIRECTED : truncate(redact.text(statusTextFor(response.status, response.statusText)));
    const read = await readResponse(response, statusText, Math.round(performance.now() - started), redact, controller.signal);
    if (opaqueRedirect || REDIRECT_STATUSES.has(response.status)) return ended(redirected(read, url));
    return ended({ status: response.status, statusText, ok: response.ok, ...(response.ok ? created(read) : scimError(read)), response: read });
  } catch (error) {
    if (error instanceof RedirectRefused) {
      return ended({ status: 0, statusText: REDIRECTED, ok: false, detail: 'The server answered with a redirect to another origin, which was not followed' });
    }
    if (timedOut) return ended({ status: 0, statusText: TIMED_OUT, ok: false, detail: `No response within ${timeoutMs} ms` });
    if (signal.aborted) return ended({ status: 0, statusText: ABORTED, ok: false });
    const detail = 'The server could not be reached (connection refused or reset, DNS failure, or CORS refusal)';
    return ended({ status: 0, statusText: NETWORK_ERROR, ok: false, detail });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abortFromBatch);
  }
}

function recordedRequest({ method, url, body, apiKey }: ScimCallOptions, redact: Redactor): ScimRequest {
  const headers: Record<string, string> = {
    ...(body === undefined ? {} : { 'Content-Type': SCIM_CONTENT_TYPE }),
    Accept: SCIM_CONTENT_TYPE,
  };
  const recordedHeaders = apiKey === null ? headers : { ...headers, Authorization: `Bearer ${apiKey === NOT_THE_KEY ? NOT_THE_KEY : API_KEY_TOKEN}` };
  return { method, url, headers: recordedHeaders, ...(body === undefined ? {} : { body: redact.json(body) }) };
}

/**
 * Whether fetch can send `Bearer <key>` as a header: after its leading and trailing whitespace is
 * stripped, a header value holds only ISO-8859-1 characters and no NUL, CR or LF. fetch throws
 * before sending anything otherwise, which would look like a network error.
 */
function isSendableHeaderValue(key: string): boolean {
  // eslint-disable-next-line no-control-regex -- the control characters are the point
  return !/[^\u0000-\u00ff]|[\u0000\r\n]/.test(`Bearer ${key}`.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, ''));
}

function redirected(response: ScimResponse, url: string): Outcome {
  const target = response.headers.location;
  let where: string | undefined;
  try {
    where = target ? new URL(target, url).href : undefined;
  } catch {
    where = target;
  }
  const detail = where
    ? `Redirected to ${where}; redirects are not followed, so the configured server did not carry out this call`
    : 'The server answered with a redirect (the browser does not tell the page where to); redirects are not followed, so the configured server did not carry out this call';
  return { status: response.status, statusText: response.statusText, ok: false, detail: truncate(detail), response };
}

const fieldOf = (value: unknown, name: string): unknown => (isJsonObject(value) ? value[name] : undefined);

const textOf = (value: unknown): string => (typeof value === 'string' ? truncate(value.trim()) : '');

/** The `id` and location of the resource a successful call returned. */
function created(response: ScimResponse): Pick<ScimResult, 'id' | 'location'> {
  const body = response.bodyFormat === 'json' ? response.body : undefined;
  const id = fieldOf(body, 'id');
  const location = fieldOf(fieldOf(body, 'meta'), 'location');
  const where = typeof location === 'string' ? location : response.headers.location;
  return { ...(typeof id === 'string' ? { id } : {}), ...(where ? { location: where } : {}) };
}

/** `detail` and `scimType` of a SCIM error body; anything else (HTML, garbage) yields nothing. */
function scimError(response: ScimResponse): Pick<ScimResult, 'detail' | 'scimType'> {
  const body = response.bodyFormat === 'json' ? response.body : undefined;
  const detail = textOf(fieldOf(body, 'detail'));
  const scimType = textOf(fieldOf(body, 'scimType'));
  return { ...(detail ? { detail } : {}), ...(scimType ? { scimType } : {}) };
}

function truncate(text: string): string {
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH - 1)}…` : text;
}
