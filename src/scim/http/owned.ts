import type { CallRequest, ScimCall, SendCall } from './call';

/** Calls that change a resource: the guard lets them go only to what the batch or Check created. */
const WRITES = new Set(['PATCH', 'PUT', 'DELETE']);

/** Not sent, as a call: status 0, and why. */
function notSent({ method, url, body }: CallRequest, purpose: ScimCall['purpose']): ScimCall {
  return {
    purpose,
    status: 0,
    statusText: 'Not sent',
    ok: false,
    detail: `Not sent: ${method} ${url} is not a resource this batch or Check created`,
    startedAt: new Date().toISOString(),
    durationMs: 0,
    request: { method, url, headers: {}, ...(body === undefined ? {} : { body }) },
  };
}

/**
 * The resources a batch's follow-ups may change: those the batch created, and those Check created
 * and adopted. Whatever a server answers (an id or a location naming someone else's resource), a
 * PATCH, PUT or DELETE to any other URL is not sent.
 */
export class OwnedResources {
  readonly #urls = new Set<string>();

  constructor(urls: Iterable<string>) {
    for (const url of urls) this.adopt(url);
  }

  /** A resource Check created itself (a duplicate the server made), so that Check may delete it. */
  adopt(url: string): void {
    this.#urls.add(new URL(url).href);
  }

  owns(url: string): boolean {
    return this.#urls.has(new URL(url).href);
  }

  /** `send`, except that a write to a resource not owned answers at once as not sent (and is not logged). */
  guard(send: SendCall): SendCall {
    return (request, purpose) => (WRITES.has(request.method) && !this.owns(request.url) ? Promise.resolve(notSent(request, purpose)) : send(request, purpose));
  }
}
