import { vi } from 'vitest';

export interface Answer {
  statusText?: string;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

/** One call the code under test made, waiting for the test to answer it. */
export interface PendingCall {
  url: string;
  method: string | undefined;
  headers: Headers;
  /** The JSON body, parsed; undefined for a call without a body. */
  body: unknown;
  signal: AbortSignal;
  respond(status: number, answer?: Answer): void;
  /** Rejects like fetch does when the network fails. */
  fail(error?: unknown): void;
}

/**
 * A fetch that answers only when the test says so, so a test controls the order responses arrive
 * in. Like the real fetch it rejects with an AbortError when its signal aborts, unless
 * `ignoreAbort` is set (a response already on its way that arrives anyway).
 */
export function deferredFetch({ ignoreAbort = false } = {}) {
  const calls: PendingCall[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(
    (input, init = {}) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init.signal ?? new AbortController().signal;
        calls.push({
          url: String(input),
          method: init.method,
          headers: new Headers(init.headers),
          body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
          signal,
          respond(status, { statusText = '', body, contentType = 'application/scim+json', headers } = {}) {
            const text = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
            resolve(new Response(text ?? null, { status, statusText, headers: { 'Content-Type': contentType, ...headers } }));
          },
          fail(error = new TypeError('Failed to fetch')) {
            reject(error);
          },
        });
        if (ignoreAbort) return;
        const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (signal.aborted) abort();
        else signal.addEventListener('abort', abort, { once: true });
      }),
  );
  return { fetch, calls };
}
