import type { CallRequest, ScimCall } from '../http/call';
import { NETWORK_ERROR, OPAQUE_ANSWER, REDIRECTED } from '../http/client';

/**
 * Why calls got no answer the page may read, as far as the page can find out without the key.
 * `mixed-content`: an https page calling an http base URL; `unreachable`: nothing answers at the base
 * URL; `cors-origin`: the server answers, but not to this page's origin; `cors-preflight`: simple
 * requests get through, the preflighted call did not; `private-network`: a public page calling a
 * private address in Chromium (Private Network Access).
 */
export type Diagnosis = 'mixed-content' | 'unreachable' | 'cors-origin' | 'cors-preflight' | 'private-network';

/** A call that got no answer for a reason the probes can look into: not a timeout, a redirect or an unusable key. */
export const needsDiagnosis = (call: Pick<ScimCall, 'status' | 'statusText'>): boolean => call.status === 0 && call.statusText === NETWORK_ERROR;

/**
 * The probes, in the order sent, each sent only when the one before cannot decide: a CORS GET of the
 * base URL without custom headers (a CORS-safelisted request: no preflight, Fetch §3.2.3), then the
 * same GET in `no-cors` mode, which any answering server passes. Neither carries the key.
 */
export const probeRequests = (baseUrl: string): [cors: CallRequest, noCors: CallRequest] => [
  { method: 'GET', url: baseUrl },
  { method: 'GET', url: baseUrl, mode: 'no-cors' },
];

/** Whether a probe got an answer: any status over CORS, an opaque one without, or a redirect it did not follow. */
export const answered = (probe: ScimCall): boolean => probe.status > 0 || probe.statusText === OPAQUE_ANSWER || probe.statusText === REDIRECTED;

export interface WallFacts {
  /** See isMixedContent; known before any call is sent. */
  mixedContent: boolean;
  /** A call of the same method and headers got an answer: no wall stands before such calls, the connection failed. */
  sameCallAnswered: boolean;
  /** See mayBePrivateNetworkBlock. */
  privateNetwork: boolean;
  /** Whether each probe sent so far got an answer, in the order of probeRequests. */
  probes: readonly boolean[];
}

/**
 * The decision table: the diagnosis, `undefined` for none, or `'probe'` when the next probe must be sent
 * (the CORS one first, then the no-cors one).
 */
export function diagnose(facts: WallFacts): Diagnosis | 'probe' | undefined {
  if (facts.mixedContent) return 'mixed-content';
  if (facts.sameCallAnswered) return undefined;
  const [cors, noCors] = facts.probes;
  if (cors === undefined) return 'probe';
  if (cors) return 'cors-preflight';
  if (noCors === undefined) return 'probe';
  if (noCors) return 'cors-origin';
  return facts.privateNetwork ? 'private-network' : 'unreachable';
}

/** Whether `b` is the same request as `a` for CORS: method and header names decide its preflight. */
export function sameRequestShape(a: ScimCall, b: ScimCall): boolean {
  const names = (call: ScimCall) => Object.keys(call.request.headers).map((name) => name.toLowerCase()).sort().join();
  return a.request.method === b.request.method && names(a) === names(b);
}

const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/;
const PRIVATE_V4 = /^(10(\.\d{1,3}){3}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2}|192\.168(\.\d{1,3}){2}|169\.254(\.\d{1,3}){2})$/;

/** `localhost`, `*.localhost`, 127.0.0.0/8 and [::1]: the hosts a browser counts as potentially trustworthy over http (Secure Contexts §3.1). */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || LOOPBACK_V4.test(host) || host === '[::1]';
}

/**
 * An https page calling an http base URL whose host is not potentially trustworthy: the browser
 * blocks every such call as mixed content before sending it (Mixed Content §4.3; MDN "Mixed content").
 */
export function isMixedContent(pageUrl: string, baseUrl: string): boolean {
  const page = new URL(pageUrl);
  const base = new URL(baseUrl);
  return page.protocol === 'https:' && base.protocol === 'http:' && !isLocalHost(base.hostname);
}

/** Hosts in the private or local address space as literals show them (RFC 1918, link-local, loopback, IPv6 ULA). */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return isLocalHost(host) || PRIVATE_V4.test(host) || /^\[f[cd][0-9a-f]{2}:/.test(host);
}

/**
 * Whether Chromium may have blocked the calls under Private Network Access (WICG's Private Network
 * Access §3): a page from a public address calling a private one. The page sees only names, so this
 * counts a page whose host is not private as public; it is asked only after both probes failed.
 */
export function mayBePrivateNetworkBlock(pageUrl: string, baseUrl: string, chromium: boolean): boolean {
  return chromium && !isPrivateHost(new URL(pageUrl).hostname) && isPrivateHost(new URL(baseUrl).hostname);
}
