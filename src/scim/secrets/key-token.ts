/**
 * Stands for the key in a recorded request: no language's syntax, so that each snippet plugin
 * (src/scim/snippets/) spells the variable its own way and none has to recognise another's.
 */
export const API_KEY_TOKEN = '{{SCIM_TOKEN}}';

/**
 * A key that is not the key: what Check sends to see a server refuse it (RFC 7644 §3.12's 401). It is
 * no secret, so a recorded request shows it as it is, and a copied snippet sends it too.
 */
export const NOT_THE_KEY = 'scim-generator-not-the-key';

/** How Details, the HAR and the events show the key. */
export const API_KEY_PLACEHOLDER = '$SCIM_TOKEN';

/** The environment variable every copied snippet reads the key from. */
export const API_KEY_VARIABLE = 'SCIM_TOKEN';

/** A recorded header value around the key's token: the text before it and after it. */
export interface KeyParts {
  before: string;
  after: string;
}

/** The text around the key's token in a recorded header value; undefined when the value holds none. */
export function keyParts(value: string): KeyParts | undefined {
  const at = value.indexOf(API_KEY_TOKEN);
  return at < 0 ? undefined : { before: value.slice(0, at), after: value.slice(at + API_KEY_TOKEN.length) };
}

/** The headers as Details, the HAR and the events show them: the key as `$SCIM_TOKEN`. */
export function shownHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.replaceAll(API_KEY_TOKEN, API_KEY_PLACEHOLDER)]));
}

/** What a recorded request (client.ts's ScimRequest, not imported: it imports this module) has. */
interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
}

const isRecordedRequest = (value: object): value is RecordedRequest =>
  'method' in value && 'url' in value && 'headers' in value && typeof value.headers === 'object' && value.headers !== null;

/** What a server sent and what the element generated: no request is in them, and they may nest thousands deep. */
const PAYLOADS = new Set(['response', 'record', 'body']);

/**
 * A copy of an event's detail with every recorded request in it (results, calls, at any depth
 * but inside payloads) showing the key as `$SCIM_TOKEN`, as the events always have. What holds no
 * request is kept, not copied.
 */
export function withKeyShown<T>(value: T): T {
  if (Array.isArray(value)) {
    const mapped = value.map(withKeyShown);
    return (mapped.some((item, index) => item !== value[index]) ? mapped : value) as T;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (isRecordedRequest(value)) return { ...value, headers: shownHeaders(value.headers) };
  const entries = Object.entries(value);
  const mapped = entries.map(([key, item]) => [key, PAYLOADS.has(key) ? item : withKeyShown(item)] as const);
  return (mapped.some(([, item], index) => item !== entries[index]?.[1]) ? Object.fromEntries(mapped) : value) as T;
}
