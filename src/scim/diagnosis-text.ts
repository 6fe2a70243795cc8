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
        detail: `Nothing answered at ${server}, not even a GET without CORS: the server is down or refused the connection, or its name (DNS) or certificate (TLS) failed. Check base-url and the server.`,
      };
    case 'cors-origin':
      return {
        statusText: 'Blocked by CORS',
        detail: `${server} answers, but not to this page: its responses must carry Access-Control-Allow-Origin: ${pageOrigin} (or *).`,
      };
    case 'cors-preflight':
      return {
        statusText: 'Blocked by CORS',
        detail: `${server} answers simple GETs, but its preflight (OPTIONS) refused this call: it must answer with Access-Control-Allow-Methods: ${ALLOW_METHODS} and Access-Control-Allow-Headers: ${ALLOW_HEADERS}.`,
      };
    case 'private-network':
      return {
        statusText: 'Blocked: private network',
        detail: `This page is public and ${server} is on a private network: Chromium calls it only after a preflight answered with Access-Control-Allow-Private-Network: true.`,
      };
  }
}
