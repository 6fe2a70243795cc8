import { RedirectRefused } from '../scim/http/client';

/** Resolves false once a task later has run: a violation of the frame's policy has been reported by then. */
const nextTask = () => new Promise<false>((resolve) => setTimeout(() => resolve(false), 0));

/** A fetch confined to one origin, and the end of its frame (once every answer has been read). */
export interface ConfinedFetch {
  fetch: typeof fetch;
  close(): void;
}

/**
 * A fetch whose calls cannot leave `origin`, not even through a redirect, for the diagnosis probes
 * (issue 49, item 5). A no-cors request may only follow redirects (Fetch §4.1 main fetch: any other
 * redirect mode is a network error, sent to no one), so the calls run in a hidden frame of this
 * page, of its origin (CORS sees the same page), whose Content-Security-Policy allows connections
 * to `origin` alone. CSP checks each redirect before it is followed (Fetch §4.4 HTTP-redirect fetch
 * runs main fetch, which asks CSP 3 §4.1.2 "Should request be blocked"), so a redirect elsewhere is
 * refused unsent: it throws RedirectRefused, since the server did answer. A CSP source cannot name
 * an IPv6 literal (CSP 3 §2.3.1 host-part), so nothing is sent to one. Undefined where there is no
 * CSP (Node, happy-dom): no page to confine a call in.
 */
export function confinedFetch(origin: string): ConfinedFetch | undefined {
  if (typeof document === 'undefined' || !('SecurityPolicyViolationEvent' in globalThis)) return undefined;
  let frame: Promise<HTMLIFrameElement> | undefined;
  // One frame for all the calls, kept until close(): a response's body is read from its frame.
  const open = () => {
    const element = document.createElement('iframe');
    element.hidden = true;
    element.srcdoc = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; connect-src ${origin}">`;
    const loaded = new Promise<HTMLIFrameElement>((resolve) => element.addEventListener('load', () => resolve(element), { once: true }));
    document.documentElement.append(element);
    return loaded;
  };
  return {
    async fetch(input, init) {
      if (new URL(origin).hostname.startsWith('[')) throw new TypeError('A probe cannot be confined to an IPv6 address, so it was not sent');
      const { contentWindow, contentDocument } = await (frame ??= open());
      if (!contentWindow || !contentDocument) throw new TypeError('The probe frame did not load');
      const violation = new Promise<true>((resolve) => contentDocument.addEventListener('securitypolicyviolation', () => resolve(true), { once: true }));
      try {
        return await contentWindow.fetch(input, init);
      } catch (error) {
        throw (await Promise.race([violation, nextTask()])) ? new RedirectRefused() : error;
      }
    },
    close() {
      void frame?.then((element) => element.remove());
    },
  };
}
