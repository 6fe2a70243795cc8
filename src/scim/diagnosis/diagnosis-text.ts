import type { Diagnosis } from './diagnosis';

/** What a preflight must allow for the element's calls, as the README's CORS section lists it. */
export const ALLOW_METHODS = 'POST, PATCH, DELETE';
export const ALLOW_HEADERS = 'Authorization, Content-Type';

export interface DiagnosisText {
  /** Takes the place of the line's status text (`Network error`). */
  statusText: string;
  /** The cause and the fix, after the status text. */
  detail: string;
}

/** For a server whose CORS the reader cannot change: the relay on their own machine (docs/cli.md). */
const relayHint = (baseUrl: string, pageOrigin: string) =>
  ` Without changing the server: run npx scim-generator relay ${baseUrl} --origin ${pageOrigin} on your machine and set base-url to the URL it prints.`;

/** What a line says of a diagnosis: its cause and the exact fix, naming the page's origin and the base URL's. */
export function diagnosisText(diagnosis: Diagnosis, { pageOrigin, baseUrl }: { pageOrigin: string; baseUrl: string }): DiagnosisText {
  const server = new URL(baseUrl).origin;
  switch (diagnosis) {
    case 'mixed-content':
      return {
        statusText: 'Blocked: mixed content',
        detail: `This page is https and base-url (${server}) is http: the browser blocks every call, so none was sent. Serve the API over https.`,
      };
    case 'unreachable':
      return {
        statusText: 'Unreachable',
        detail: `Nothing answered at ${server}, even without CORS: the server is down or refused the connection, or DNS or TLS failed.`,
      };
    case 'cors-origin':
      // A server whose CORS covers only its SCIM routes refuses a wrong path so, and the page cannot
      // read that 404 through the wall (Fetch §3.2.5: an opaque answer's status is 0), so the path comes first.
      return {
        statusText: 'Blocked by CORS',
        detail: `${server} answers, but not to this page. First check base-url's path (${new URL(baseUrl).pathname}): a server whose CORS covers only its SCIM routes refuses any other path so. If the path is right, the server must send Access-Control-Allow-Origin: ${pageOrigin} (or *).${relayHint(baseUrl, pageOrigin)}`,
      };
    case 'cors-preflight':
      return {
        statusText: 'Blocked by CORS',
        detail: `${server} answers simple GETs, but the preflight (OPTIONS) refused this call: it must send Access-Control-Allow-Methods: ${ALLOW_METHODS} and Access-Control-Allow-Headers: ${ALLOW_HEADERS}.${relayHint(baseUrl, pageOrigin)}`,
      };
    case 'private-network':
      return {
        statusText: 'Blocked: private network',
        detail: `${server} is private and this page public: Chromium calls it only if its preflight answers Access-Control-Allow-Private-Network: true.`,
      };
  }
}

/**
 * What the other lines say of the wall the first line tells in full: its cause in a few words (for a
 * refusing origin, base-url's path first, as in full). Each line's Details keeps the full text.
 */
export function diagnosisBrief(diagnosis: Diagnosis, baseUrl: string): string {
  const { origin, pathname } = new URL(baseUrl);
  const cause: Record<Diagnosis, string> = {
    'mixed-content': 'an http base-url from this https page, not sent',
    unreachable: `nothing answered at ${origin}`,
    'cors-origin': `check base-url's path (${pathname}), then CORS`,
    'cors-preflight': 'the preflight (OPTIONS) refused this call',
    'private-network': 'a private address from a public page',
  };
  return `${cause[diagnosis]}, as the first line says.`;
}
