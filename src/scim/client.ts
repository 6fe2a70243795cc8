import { statusTextFor } from './reason-phrase';
import { SCIM_CONTENT_TYPE } from '../constants';
import type { ScimRecord } from './schemas';

/** How one creation call ended. `status` is 0 when no HTTP response arrived. */
export interface SendResult {
  status: number;
  statusText: string;
  ok: boolean;
  /** The SCIM error `detail` of a failed call, when the server sent one. */
  detail?: string;
  /** The SCIM error `scimType` of a failed call, when the server sent one. */
  scimType?: string;
}

export interface SendOptions {
  /** The full URL of the resource endpoint, e.g. `https://example.com/scim/v2/Users`. */
  url: string;
  record: ScimRecord;
  /** Sent as `Authorization: Bearer <apiKey>`; no Authorization header at all when null. */
  apiKey: string | null;
  timeoutMs: number;
  /** Aborts the call when the batch it belongs to is abandoned. */
  signal: AbortSignal;
  fetch?: typeof fetch;
}

const MAX_DETAIL_LENGTH = 300;

export const NETWORK_ERROR = 'Network error';
export const TIMED_OUT = 'Timed out';
export const ABORTED = 'Aborted';

/**
 * POSTs one record and reports how it went. Never rejects: network failures, timeouts and
 * aborts become results with status 0, so every generated item ends as a line.
 */
export async function sendRecord(options: SendOptions): Promise<SendResult> {
  const { url, record, apiKey, timeoutMs, signal, fetch: fetchImpl = globalThis.fetch } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromBatch = () => controller.abort();
  signal.addEventListener('abort', abortFromBatch);
  if (signal.aborted) controller.abort();

  const headers: Record<string, string> = { 'Content-Type': SCIM_CONTENT_TYPE, Accept: SCIM_CONTENT_TYPE };
  if (apiKey) headers.Authorization = `Bearer ${apiKey}`;

  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(record),
      credentials: 'omit',
      signal: controller.signal,
    });
    const result: SendResult = {
      status: response.status,
      // A server may echo the credential in its reason phrase, as in its error detail.
      statusText: truncate(redact(statusTextFor(response.status, response.statusText), apiKey)),
      ok: response.ok,
    };
    const scimError = response.ok ? {} : await readScimError(response, apiKey);
    // Drop what is left of the body: a server that never finishes it would keep the connection,
    // and once the browser's six per server are taken, later calls never leave the page.
    if (!response.bodyUsed) void response.body?.cancel().catch(() => undefined);
    return { ...result, ...scimError };
  } catch {
    if (timedOut) return { status: 0, statusText: TIMED_OUT, ok: false, detail: `No response within ${timeoutMs} ms` };
    if (signal.aborted) return { status: 0, statusText: ABORTED, ok: false };
    return {
      status: 0,
      statusText: NETWORK_ERROR,
      ok: false,
      detail: 'The server could not be reached (connection refused or reset, DNS failure, or CORS refusal)',
    };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abortFromBatch);
  }
}

/**
 * Picks `detail` and `scimType` out of a SCIM error body; anything else (HTML, garbage) yields
 * nothing. A server that echoes the API key back does not get it shown.
 */
async function readScimError(
  response: Response,
  apiKey: string | null,
): Promise<Pick<SendResult, 'detail' | 'scimType'>> {
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!/^application\/(scim\+)?json\b/i.test(contentType)) return {};
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return {};
    const { detail, scimType } = body as Record<string, unknown>;
    const clean = (value: unknown) => (typeof value === 'string' ? truncate(redact(value, apiKey).trim()) : '');
    return {
      ...(clean(detail) ? { detail: clean(detail) } : {}),
      ...(clean(scimType) ? { scimType: clean(scimType) } : {}),
    };
  } catch {
    return {};
  }
}

function redact(text: string, secret: string | null): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}

function truncate(text: string): string {
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH - 1)}…` : text;
}
