import { vi } from 'vitest';
import { sendScim, type ScimCallOptions, type ScimResult } from '../scim/http/client';

export type FetchStub = ReturnType<typeof vi.fn<typeof fetch>>;

/** What a result line shows: status, reason, and the SCIM error or created resource fields. */
export function outcome({ status, statusText, ok, detail, scimType, id, location }: ScimResult) {
  const fields = { status, statusText, ok, detail, scimType, id, location };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

export function answering(response: () => Response): FetchStub {
  return vi.fn<typeof fetch>(async () => response());
}

/** Behaves like a server that never answers: the call ends only when its signal aborts, as real fetch does. */
export function hanging(): FetchStub {
  return vi.fn<typeof fetch>(
    (_input, init) =>
      new Promise((_resolve, reject) => {
        const signal = init?.signal;
        const fail = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (signal?.aborted) fail();
        signal?.addEventListener('abort', fail);
      }),
  );
}

export function requestOf(fetchStub: FetchStub, call = 0): { url: string; init: RequestInit; headers: Headers } {
  const [input, init = {}] = fetchStub.mock.calls[call] ?? [];
  return { url: String(input), init, headers: new Headers(init.headers) };
}

export function signalOf(fetchStub: FetchStub): AbortSignal {
  const { signal } = requestOf(fetchStub).init;
  if (!signal) throw new Error('fetch was called without a signal');
  return signal;
}

export function scimJson(status: number, body: unknown, headers: Record<string, string> = {}): () => Response {
  return () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/scim+json', ...headers } });
}

type CallDefaults = Pick<ScimCallOptions, 'method' | 'url' | 'body' | 'apiKey'>;

/** sendScim with these defaults, a 30 s timeout and a batch that is never abandoned. */
export function callerWith(defaults: CallDefaults) {
  return (fetchStub: FetchStub, options: Partial<ScimCallOptions> = {}): Promise<ScimResult> =>
    sendScim({ timeoutMs: 30000, signal: new AbortController().signal, ...defaults, fetch: fetchStub, ...options });
}
