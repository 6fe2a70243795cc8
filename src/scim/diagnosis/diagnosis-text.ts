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
      return {
        statusText: 'Blocked by CORS',
        detail: `${server} answers, but not to this page: it must send Access-Control-Allow-Origin: ${pageOrigin} (or *).${relayHint(baseUrl, pageOrigin)}`,
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
