import type { ScimCall, SendCall } from '../scim/http/call';
import { answered, diagnose, isMixedContent, mayBePrivateNetworkBlock, needsDiagnosis, probeRequests, sameRequestShape, type Diagnosis } from '../scim/diagnosis/diagnosis';
import { diagnosisText, type DiagnosisText } from '../scim/diagnosis/diagnosis-text';
import type { ItemResult } from './results';

/** Where the page is, as the browser runs it. */
export interface PageFacts {
  href: string;
  chromium: boolean;
}

/**
 * The page the element runs on (none outside a browser: `about:blank`, which is no wall); Chromium
 * is told by its user-agent brands, an API only Chromium has.
 */
export function pageFacts(): PageFacts {
  const { navigator, location } = globalThis as { navigator?: { userAgentData?: { brands?: { brand: string }[] } }; location?: Location };
  const brands = navigator?.userAgentData?.brands ?? [];
  return { href: location?.href ?? 'about:blank', chromium: brands.some(({ brand }) => brand === 'Chromium') };
}

/** Fetch for an https page calling an http base URL: sends nothing, as the browser itself would refuse the call. */
const refuseMixedContent: typeof fetch = () => Promise.reject(new TypeError('Mixed content'));

export const mixedContent = (page: PageFacts, baseUrl: string) => isMixedContent(page.href, baseUrl);

/** The fetch of calls to `baseUrl` from this page: for mixed content, one that sends nothing. */
export const pageFetch = (page: PageFacts, baseUrl: string): { fetch?: typeof fetch } => (mixedContent(page, baseUrl) ? { fetch: refuseMixedContent } : {});

/**
 * Why the batch's calls that got no answer got none, decided on the first of them with at most two
 * probes of the base URL, sent by `probe` (which must not add the key). Undefined when no call needs
 * it, or when a call like it got an answer (then the connection failed, not a wall).
 */
export async function diagnoseBatch(calls: readonly ScimCall[], baseUrl: string, page: PageFacts, probe: SendCall): Promise<Diagnosis | undefined> {
  const failed = calls.find(needsDiagnosis);
  if (!failed) return undefined;
  const probes: boolean[] = [];
  const facts = {
    mixedContent: mixedContent(page, baseUrl),
    sameCallAnswered: calls.some((call) => call.status > 0 && sameRequestShape(call, failed)),
    privateNetwork: mayBePrivateNetworkBlock(page.href, baseUrl, page.chromium),
    probes,
  };
  let decided = diagnose(facts);
  for (const request of probeRequests(baseUrl)) {
    if (decided !== 'probe') break;
    probes.push(answered(await probe(request, 'probe')));
    decided = diagnose(facts);
  }
  return decided === 'probe' ? undefined : decided;
}

/** What a diagnosis says of a call that got no answer: its status text and detail, and under mixed content that the browser never sent it. */
function diagnosed(diagnosis: Diagnosis, page: PageFacts, baseUrl: string): DiagnosisText & Pick<ScimCall, 'notSent'> {
  return { ...diagnosisText(diagnosis, { pageOrigin: new URL(page.href).origin, baseUrl }), ...(diagnosis === 'mixed-content' ? { notSent: true } : {}) };
}

/** An item's result (or line) as the diagnosis explains it: only an item whose call needed one. */
export function explained<T extends Omit<ItemResult, 'calls'>>(result: T, diagnosis: Diagnosis | undefined, page: PageFacts, baseUrl: string): T {
  if (!diagnosis || !needsDiagnosis(result)) return result;
  return { ...result, ...diagnosed(diagnosis, page, baseUrl), diagnosis };
}

/**
 * A call of the batch's log as the diagnosis explains it, so that Details says what the line says,
 * not the client's guess of a cause. A probe that got no answer met the same wall (the no-cors
 * probe that did get one keeps its record).
 */
export function explainedCall(call: ScimCall, diagnosis: Diagnosis | undefined, page: PageFacts, baseUrl: string): ScimCall {
  if (!diagnosis || !needsDiagnosis(call)) return call;
  return { ...call, ...diagnosed(diagnosis, page, baseUrl) };
}
