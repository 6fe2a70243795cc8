import type { Redactor } from '../secrets/redact';

/** Bodies longer than this are cut: a panel, an event or a HAR has no use for megabytes. */
export const MAX_BODY_BYTES = 256 * 1024;

/** What came back, as the page may see it, with the key hidden. */
export interface ScimResponse {
  status: number;
  /** The reason phrase, or the standard one for the status where the server sent none (HTTP/2). */
  statusText: string;
  /** The headers the page may read (CORS hides the others), names in lower case. */
  headers: Record<string, string>;
  /** The body as the text received (the key masked), up to MAX_BODY_BYTES. Absent when empty. */
  text?: string;
  /** The body for display: parsed when it is JSON, else `text`. Absent when empty. */
  body?: unknown;
  /** `json` when `body` holds parsed JSON, `text` when it holds the text as received. */
  bodyFormat?: 'json' | 'text';
  /** Set when the body was cut: longer than MAX_BODY_BYTES, stalled, or did not finish in time. */
  truncated?: true;
  /** Milliseconds from the start of the call until the response headers arrived. */
  waitMs: number;
}

const JSON_CONTENT_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/**
 * Cut a body that stops arriving for this long. Over HTTP/1.1 the browser opens six connections
 * to a server; a body that never ends would hold one until the timeout, and the calls queued
 * behind it would time out without ever being sent.
 */
export const BODY_STALL_MS = 1000;

/**
 * Reads at most MAX_BODY_BYTES, then cancels the rest, as it does when `signal` aborts (timeout,
 * abandoned batch) or the body stalls.
 */
async function readCapped(response: Response, signal: AbortSignal): Promise<{ text: string; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', truncated: false };
  let stopped = false;
  const stop = () => {
    stopped = true;
    void reader.cancel().catch(() => undefined);
  };
  let stall = setTimeout(stop, BODY_STALL_MS);
  signal.addEventListener('abort', stop);
  if (signal.aborted) stop();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode(), truncated: stopped };
      clearTimeout(stall);
      stall = setTimeout(stop, BODY_STALL_MS);
      const room = MAX_BODY_BYTES - bytes;
      bytes += value.byteLength;
      text += decoder.decode(value.subarray(0, room), { stream: true });
      if (bytes > MAX_BODY_BYTES) {
        stop();
        return { text: text + decoder.decode(), truncated: true };
      }
    }
  } catch {
    // The body broke off (aborted, or the connection was lost): keep what came.
    stop();
    return { text: text + decoder.decode(), truncated: true };
  } finally {
    clearTimeout(stall);
    signal.removeEventListener('abort', stop);
  }
}

function parseBody(text: string, contentType: string, truncated: boolean): Pick<ScimResponse, 'body' | 'bodyFormat'> {
  if (!text) return {};
  if (!truncated && JSON_CONTENT_TYPE.test(contentType)) {
    try {
      return { body: JSON.parse(text) as unknown, bodyFormat: 'json' };
    } catch {
      // Not JSON after all: show it as the text it is.
    }
  }
  return { body: text, bodyFormat: 'text' };
}

/** Reads the whole response (up to the cap) and hides the key in everything a server chose. */
export async function readResponse(
  response: Response,
  statusText: string,
  waitMs: number,
  redact: Redactor,
  signal: AbortSignal,
): Promise<ScimResponse> {
  // Browsers give the names in lower case; other fetch implementations (happy-dom) keep the server's.
  const headers = Object.fromEntries([...response.headers].map(([name, value]) => [name.toLowerCase(), redact.text(value)]));
  const { text: received, truncated } = await readCapped(response, signal);
  // A cut can split the key: its start at the end of the text is hidden too.
  const text = truncated ? redact.cutText(received) : redact.text(received);
  const { body, bodyFormat } = parseBody(text, response.headers.get('Content-Type') ?? '', truncated);
  return {
    status: response.status,
    statusText,
    headers,
    ...(bodyFormat ? { text, body: bodyFormat === 'json' ? redact.json(body) : body, bodyFormat } : {}),
    ...(truncated ? { truncated } : {}),
    waitMs,
  };
}
