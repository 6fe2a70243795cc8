import type { CallRequest, ScimCall, SendCall } from './call';
import { bodyOf } from './list-response';
import { resourceUrl } from './resource-url';

/** Calls that change a resource: the guard lets them go only to what the batch or Check created. */
const WRITES = new Set(['PATCH', 'PUT', 'DELETE']);

/** Not sent, as a call: status 0, and why. */
function notSent({ method, url, body }: CallRequest, purpose: ScimCall['purpose']): ScimCall {
  return {
    purpose,
    status: 0,
    statusText: 'Not sent',
    ok: false,
    notSent: true,
    detail: `Not sent: ${method} ${url} is not a resource this batch or Check created`,
    startedAt: new Date().toISOString(),
    durationMs: 0,
    request: { method, url, headers: {}, ...(body === undefined ? {} : { body }) },
  };
}

/** The ids an answer names: its own `id`, and each listed resource's (a lookup, the member list). */
function idsNamedBy(call: ScimCall): string[] {
  const body = bodyOf(call);
  const listed = Array.isArray(body?.Resources) ? (body.Resources as unknown[]) : [];
  return [body, ...listed].flatMap((resource) => {
    const id: unknown = resource !== null && typeof resource === 'object' ? Reflect.get(resource, 'id') : undefined;
    return typeof id === 'string' ? [id] : [];
  });
}

/**
 * The resources a batch and its follow-ups may change: those the batch made, and those Check
 * created and adopted. Whatever a server answers (an id or a location naming someone else's
 * resource), a PATCH, PUT or DELETE to any other URL is not sent.
 *
 * A resource is the batch's own only after a create answered 201 (RFC 7644 §3.3) with an id that no
 * answer before it named (a lookup, the member list, another create), at `{endpoint}/{id}` (see
 * resourceUrl); a later create that names the same id takes it back, since the server then does
 * not say which of them made it.
 */
export class OwnedResources {
  readonly #urls = new Set<string>();
  /** Every id an answer through the guard has named. */
  readonly #named = new Set<string>();

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

  /**
   * `send`, except that a write to a resource not owned answers at once as not sent (and is not
   * logged); each answer is witnessed (see the class).
   */
  guard(send: SendCall): SendCall {
    return async (request, purpose) => {
      if (WRITES.has(request.method) && !this.owns(request.url)) return notSent(request, purpose);
      const call = await send(request, purpose);
      this.#witness(call);
      return call;
    };
  }

  #witness(call: ScimCall): void {
    if (call.purpose === 'create' && call.status === 201 && call.id !== undefined) {
      // A create is POSTed to its endpoint.
      const where = resourceUrl(call.request.url, call.id, call.location);
      if ('url' in where) {
        if (this.#named.has(call.id)) this.#urls.delete(where.url);
        else this.adopt(where.url);
      }
    }
    for (const id of idsNamedBy(call)) this.#named.add(id);
  }
}
