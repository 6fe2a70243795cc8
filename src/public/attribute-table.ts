import { ATTRIBUTES } from './attribute-names';
import { DEFAULT_API_KEY_PATH, DEFAULT_SCIM_BASE_PATH } from './constants';
import { FLOWS, RESOURCE_TYPES, SCHEMA_SOURCES } from '../scim/records/schemas';
import { IDP_PROFILES, PROFILES } from '../scim/profiles/names';

/**
 * The element's attributes: the one place each is declared, its HTML name and the property r2wc
 * maps it to in ATTRIBUTES (attribute-names.ts), the rest of its row here in ATTRIBUTE_ROWS, keyed
 * by that name (a missing or unknown name does not compile). r2wc's props, the element's typed
 * properties, the JSX attribute types, the config's defaults, and custom-elements.json (`npm run
 * manifest`) are all derived from ATTRIBUTE_TABLE, which joins the two. What reads each attribute
 * is in attributes.ts, and what it is for in attribute-descriptions.ts, each keyed by these names
 * too: the ES entry exports ATTRIBUTES, the map alone, and so carries none of the rows, the parsers
 * (the element's chunk) or the descriptions (the manifest only).
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

export type AttributeName = keyof typeof ATTRIBUTES;

const ATTRIBUTE_ROWS = {
  'resource-type': { values: RESOURCE_TYPES, default: 'Users' },
  'base-url': { default: DEFAULT_SCIM_BASE_PATH },
  'api-key-url': { default: DEFAULT_API_KEY_PATH },
  timeout: { numeric: true, default: '30000' },
  'plan-card-selector': { default: '.plan-card' },
  profile: { values: PROFILES, default: 'basic' },
  flow: { values: FLOWS, default: '' },
  schema: { values: SCHEMA_SOURCES, default: 'profile' },
  editor: { values: EDITOR_SWITCH, default: 'on' },
  seed: { numeric: true, default: '' },
  readiness: { default: IDP_PROFILES.join(' ') },
  'email-domain': { default: '' },
} as const satisfies { [N in AttributeName]: Omit<AttributeRow, 'name' | 'property'> };

/** One attribute's row: its name, its property, and what it takes. */
export type AttributeRowOf = { [N in AttributeName]: { name: N; property: (typeof ATTRIBUTES)[N] } & (typeof ATTRIBUTE_ROWS)[N] }[AttributeName];

/** Every attribute's row, in the order of ATTRIBUTES. */
export const ATTRIBUTE_TABLE = (Object.keys(ATTRIBUTES) as AttributeName[]).map((name) => ({
  name,
  property: ATTRIBUTES[name],
  ...ATTRIBUTE_ROWS[name],
})) as readonly AttributeRowOf[];

type JsxValueOf<R> = R extends { values: readonly (infer V)[] } ? V : R extends { numeric: true } ? string | number : string;

export type PropertyName = AttributeRowOf['property'];

/** The element's properties, as r2wc defines them: the attribute text, or undefined when absent. */
export type ScimGeneratorProperties = { [R in AttributeRowOf as R['property']]: string | undefined };

/** The element's attributes by their HTML names, as JSX props. */
export type ScimGeneratorAttributes = { [R in AttributeRowOf as R['name']]?: JsxValueOf<R> };
