// Imports nothing, so the client (which the call type names) may use it too.

/** A JSON object: not null, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a call answered as JSON, parsed: an object, an array or a plain value; undefined when its body was not JSON. */
export function jsonBodyOf(call: { response?: { bodyFormat?: string; body?: unknown } }): unknown {
  return call.response?.bodyFormat === 'json' ? call.response.body : undefined;
}
