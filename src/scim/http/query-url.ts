import { scimUrl } from './scim-url';

// Apart from scim-url.ts, which the element's first chunk needs: only the batch's calls add a query.

/** A query's parameters, in the order sent. */
export type QueryParameters = readonly (readonly [string, string])[];

/** `{url}?{its query}&{parameters}`, each part percent-encoded (spaces as %20, as the IdPs send them); the fragment dropped. */
export function queryUrl(base: string, parameters: QueryParameters): string {
  const url = new URL(scimUrl(base));
  const added = parameters.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  url.search = [url.search.slice(1), ...added].filter(Boolean).join('&');
  return url.href;
}
