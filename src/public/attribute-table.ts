import { DEFAULT_API_KEY_PATH, DEFAULT_SCIM_BASE_PATH } from './constants';
import { FLOWS, RESOURCE_TYPES, SCHEMA_SOURCES } from '../scim/records/schemas';
import { IDP_PROFILES, PROFILES } from '../scim/profiles/names';

/**
 * The element's attributes: the one place each is declared. r2wc's props, the element's typed
 * properties, the JSX attribute types, the config's defaults, and custom-elements.json (`npm run
 * manifest`) are all derived from this table. What reads each attribute is in attributes.ts, and
 * what it is for in attribute-descriptions.ts, each keyed by these names (a missing or unknown
 * name does not compile): the ES entry exports ATTRIBUTES and so carries this table, but neither
 * the parsers (the element's chunk) nor the descriptions (the manifest only).
 */
interface AttributeRow {
  /** The HTML attribute. */
  name: string;
  /** The property r2wc maps it to, which reflects back to the attribute. */
  property: string;
  /** The only values it takes, when they are few (the manifest's and JSX's type); else any text. */
  values?: readonly string[];
  /** Whether JSX may also pass a number. */
  numeric?: true;
  /** The value when the attribute is missing or blank, as the attribute would spell it. */
  default: string;
}

/** `editor`: whether the reader can edit the records before a press (issue 52: there by default). */
export const EDITOR_SWITCH = ['on', 'off'] as const;

export const ATTRIBUTE_TABLE = [
  { name: 'resource-type', property: 'resourceType', values: RESOURCE_TYPES, default: 'Users' },
  { name: 'base-url', property: 'baseUrl', default: DEFAULT_SCIM_BASE_PATH },
  { name: 'api-key-url', property: 'apiKeyUrl', default: DEFAULT_API_KEY_PATH },
  { name: 'timeout', property: 'timeout', numeric: true, default: '30000' },
  { name: 'plan-card-selector', property: 'planCardSelector', default: '.plan-card' },
  { name: 'profile', property: 'profile', values: PROFILES, default: 'basic' },
  { name: 'flow', property: 'flow', values: FLOWS, default: '' },
  { name: 'schema', property: 'schema', values: SCHEMA_SOURCES, default: 'profile' },
  { name: 'editor', property: 'editor', values: EDITOR_SWITCH, default: 'on' },
  { name: 'seed', property: 'seed', numeric: true, default: '' },
  { name: 'readiness', property: 'readiness', default: IDP_PROFILES.join(' ') },
  { name: 'email-domain', property: 'emailDomain', default: '' },
] as const satisfies readonly AttributeRow[];

export type AttributeRowOf = (typeof ATTRIBUTE_TABLE)[number];
type JsxValueOf<R> = R extends { values: readonly (infer V)[] } ? V : R extends { numeric: true } ? string | number : string;

export type AttributeName = AttributeRowOf['name'];
export type PropertyName = AttributeRowOf['property'];

/** The element's properties, as r2wc defines them: the attribute text, or undefined when absent. */
export type ScimGeneratorProperties = { [R in AttributeRowOf as R['property']]: string | undefined };

/** The element's attributes by their HTML names, as JSX props. */
export type ScimGeneratorAttributes = { [R in AttributeRowOf as R['name']]?: JsxValueOf<R> };

/** Attribute name → property: what r2wc maps. */
export const ATTRIBUTES = Object.fromEntries(ATTRIBUTE_TABLE.map((row) => [row.name, row.property])) as {
  [R in AttributeRowOf as R['name']]: R['property'];
};
