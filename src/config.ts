import { isResourceType, type ResourceType } from './scim/schemas';

/** The element's attributes as the React widget receives them (r2wc maps `base-url` to `baseUrl`). */
export interface GeneratorAttributes {
  resourceType?: string;
  baseUrl?: string;
  apiKeyUrl?: string;
  timeout?: string;
  planCardSelector?: string;
}

export const DEFAULTS = {
  resourceType: 'Users',
  baseUrl: '/scim/v2',
  apiKeyUrl: '/apikey/',
  timeout: 30000,
  planCardSelector: '.plan-card',
} as const;

export const KEY_CREATION_ANCHOR = 'create-new-access-key';

/** Validated settings: absolute http(s) URLs and a usable timeout. */
export interface GeneratorConfig {
  resourceType: ResourceType;
  /** The resource endpoint the records are POSTed to, e.g. `https://host/scim/v2/Users`. */
  endpoint: string;
  /** The API key page; null only when neither the attribute nor the default is an http(s) URL here. */
  apiKeyUrl: string | null;
  keyCreationUrl: string | null;
  timeoutMs: number;
  planCardSelector: string;
}

export type ConfigResult = { ok: true; config: GeneratorConfig } | { ok: false; message: string };

// setTimeout fires at once for delays above a signed 32-bit integer.
const MAX_TIMEOUT_MS = 2_147_483_647;

function httpUrl(value: string, base: string): URL | null {
  try {
    const url = new URL(value, base);
    const isHttp = url.protocol === 'http:' || url.protocol === 'https:';
    // fetch refuses URLs with credentials in them, and they would leak into links.
    return isHttp && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

/** Turns attribute values into a config, or into the message the element shows instead of the button. */
export function parseConfig(attributes: GeneratorAttributes, documentBase: string): ConfigResult {
  const resourceType = blankToUndefined(attributes.resourceType) ?? DEFAULTS.resourceType;
  if (!isResourceType(resourceType)) return { ok: false, message: 'Invalid resource type' };

  const baseUrl = blankToUndefined(attributes.baseUrl) ?? DEFAULTS.baseUrl;
  const base = httpUrl(baseUrl, documentBase);
  if (!base) return { ok: false, message: `Invalid base-url: "${baseUrl}" is not an http(s) URL without credentials` };
  base.pathname = `${base.pathname.replace(/\/+$/, '')}/${resourceType}`;

  const timeoutText = blankToUndefined(attributes.timeout);
  // Digits only: Number() would also take "1e3", "0x10" or " 12 ", which no one means as a timeout.
  const timeoutMs = timeoutText === undefined ? DEFAULTS.timeout : /^\d+$/.test(timeoutText) ? Number(timeoutText) : NaN;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) {
    return { ok: false, message: `Invalid timeout: "${timeoutText}" is not a whole number of milliseconds above 0` };
  }

  // An api-key-url that is not http(s) (javascript:, data:, ...) never becomes a link target.
  const apiKeyUrl =
    httpUrl(blankToUndefined(attributes.apiKeyUrl) ?? DEFAULTS.apiKeyUrl, documentBase) ??
    httpUrl(DEFAULTS.apiKeyUrl, documentBase);
  const keyCreationUrl = apiKeyUrl && new URL(apiKeyUrl);
  if (keyCreationUrl) keyCreationUrl.hash = KEY_CREATION_ANCHOR;

  return {
    ok: true,
    config: {
      resourceType,
      endpoint: base.href,
      apiKeyUrl: apiKeyUrl?.href ?? null,
      keyCreationUrl: keyCreationUrl?.href ?? null,
      timeoutMs,
      planCardSelector: blankToUndefined(attributes.planCardSelector) ?? DEFAULTS.planCardSelector,
    },
  };
}
