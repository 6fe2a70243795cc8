import type { ScimGeneratorProperties } from '../public/attribute-table';
import { parseAttributes } from '../public/attributes';
import { KEY_CREATION_ANCHOR } from '../public/constants';
import type { Flow, ResourceType, SchemaSource } from '../scim/records/schemas';
import type { ProfileName } from '../scim/profiles/names';
import { scimUrl } from '../scim/http/scim-url';

/** The element's attributes as the React widget receives them (r2wc maps `base-url` to `baseUrl`). */
export type GeneratorAttributes = Partial<ScimGeneratorProperties>;

/** Validated settings: absolute http(s) URLs and a usable timeout. */
export interface GeneratorConfig {
  resourceType: ResourceType;
  /** The SCIM base URL with no trailing slash on its path and no fragment, e.g. `https://host/scim/v2?tenant=acme`. */
  baseUrl: string;
  /** The resource endpoint the records are POSTed to, e.g. `https://host/scim/v2/Users`. */
  endpoint: string;
  /** The API key page; null only when neither the attribute nor the default is an http(s) URL here. */
  apiKeyUrl: string | null;
  keyCreationUrl: string | null;
  timeoutMs: number;
  planCardSelector: string;
  profile: ProfileName;
  /** `create` for the spec's one POST per item; otherwise (`idp`, the default) the profile's own sequence. */
  flow: Flow | undefined;
  /** `discover` fits the records to the schema the server publishes; `profile` (the default) sends the profile's. */
  schema: SchemaSource;
  /** Whether the reader can edit the records before a press (`editor`, on by default). */
  editor: boolean;
  /** Makes the records reproducible; undefined for random records. */
  seed: number | undefined;
  /** The IdP profiles whose readiness the reader can run, as given: the readiness view checks them (idpProfiles). */
  readiness: string[];
  /**
   * The `email-domain` attribute's text (trimmed), not yet checked: what a press, the editor and a
   * readiness run use is emailDomainFor's (email-domains.ts), the reader's own domain for this base
   * URL when set, else this one if it is a domain name.
   */
  emailDomain: string | undefined;
}

export type ConfigResult = { ok: true; config: GeneratorConfig } | { ok: false; message: string };

/** Turns attribute values into a config, or into the message the element shows instead of the button. */
export function parseConfig(attributes: GeneratorAttributes, documentBase: string): ConfigResult {
  const parsed = parseAttributes(attributes, documentBase);
  if (!parsed.ok) return parsed;
  // The others (resource type, plan card selector, profile, flow, schema, seed, readiness, e-mail domain) as parsed.
  const { baseUrl, apiKeyUrl, timeout, editor, ...asParsed } = parsed.value;

  const keyCreationUrl = apiKeyUrl && new URL(apiKeyUrl);
  if (keyCreationUrl) keyCreationUrl.hash = KEY_CREATION_ANCHOR;

  return {
    ok: true,
    config: {
      ...asParsed,
      baseUrl: scimUrl(baseUrl.href),
      endpoint: scimUrl(baseUrl.href, [asParsed.resourceType]),
      apiKeyUrl: apiKeyUrl?.href ?? null,
      keyCreationUrl: keyCreationUrl?.href ?? null,
      timeoutMs: timeout,
      editor: editor === 'on',
    },
  };
}
