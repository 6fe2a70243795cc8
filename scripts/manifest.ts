// custom-elements.json, built from the tables that declare the element's public surface.
// `npm run manifest` writes it; src/public/manifest.test.ts checks that the checked-in file is current.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ATTRIBUTE_DESCRIPTIONS } from '../src/public/attribute-descriptions';
import { ATTRIBUTE_TABLE } from '../src/public/attribute-table';
import { TAG_NAME } from '../src/public/constants';
import { ACTION_COMPLETE_EVENT, ACTION_RESULT_EVENT } from '../src/public/event-names';
import { EVENT_TABLE } from '../src/public/events';
import { PART_TABLE } from '../src/public/parts';
import * as PUBLIC_VALUES from '../src/public/public-values';
import { CSS_PROPERTY_TABLE } from '../src/widget/css-properties';
import { ACTIONS, ACTION_KINDS } from '../src/scim/actions/table';

export const MANIFEST_FILE = 'custom-elements.json';
/** What a consumer imports: the bundle, not the src/ files it was built from. */
const BUNDLE = 'dist/scim-generator.js';
const ELEMENT_CLASS = 'ScimGeneratorElement';

/** The values src/entries/index.ts exports besides the element class. */
// Sorted, as an ES module namespace is: a loader that hands over a plain object keeps source order.
const EXPORTED_VALUES = Object.fromEntries(Object.entries(PUBLIC_VALUES).sort(([a], [b]) => a.localeCompare(b)));

/** The events whose detail names an action, and the kinds it can name: from the action table. */
const ACTION_EVENTS: readonly string[] = [ACTION_RESULT_EVENT, ACTION_COMPLETE_EVENT];
const ACTION_KIND_LIST = ACTION_KINDS.map((kind) => `\`${kind}\` (${ACTIONS[kind].label})`).join(', ');

/** The element's declaration, from the attribute, event, part and custom-property tables. */
export function describeElement() {
  return {
    kind: 'class',
    name: ELEMENT_CLASS,
    tagName: TAG_NAME,
    customElement: true,
    summary: 'Creates ten fake SCIM 2.0 Users or Groups against a SCIM v2 API with one press.',
    description:
      'Creates ten fake SCIM 2.0 Users or Groups per press against a SCIM v2 API and shows one result line per item. ' +
      "The API key is read from `localStorage['apikey']` at each press.",
    attributes: ATTRIBUTE_TABLE.map((row) => ({
      name: row.name,
      type: { text: 'values' in row ? row.values.map((value) => `'${value}'`).join(' | ') : 'string' },
      default: row.default,
      description: ATTRIBUTE_DESCRIPTIONS[row.name],
      fieldName: row.property,
    })),
    // r2wc defines a property per attribute and reflects it back to the attribute.
    members: ATTRIBUTE_TABLE.map((row) => ({
      kind: 'field',
      name: row.property,
      type: { text: 'string | undefined' },
      description: ATTRIBUTE_DESCRIPTIONS[row.name],
      attribute: row.name,
      reflects: true,
    })),
    events: EVENT_TABLE.map((event) => ({
      name: event.name,
      type: { text: `CustomEvent<${event.detailType}>` },
      description: `${event.description}${ACTION_EVENTS.includes(event.name) ? ` \`action\` is one of ${ACTION_KIND_LIST}.` : ''} Bubbles and is composed.`,
    })),
    cssParts: Object.entries(PART_TABLE).map(([name, description]) => ({ name, description })),
    cssProperties: CSS_PROPERTY_TABLE.map((property) => ({ ...property })),
  };
}

export function buildManifest() {
  const values = Object.entries(EXPORTED_VALUES).map(([name, value]) => ({
    kind: 'variable',
    name,
    type: { text: typeof value === 'string' ? 'string' : 'object' },
    default: JSON.stringify(value),
  }));
  // The class lives in the element's chunk, whose name changes with its content; the loader is
  // what a page loads, and it defines the tag once the tag is on the page.
  const elementClass = { name: ELEMENT_CLASS, module: BUNDLE };
  const defineFunction = {
    kind: 'function',
    name: 'defineScimGenerator',
    description: "Loads the element's chunk, which defines the tag, and resolves with the element class; a failed load rejects and a later call tries again.",
    return: { type: { text: `Promise<typeof ${ELEMENT_CLASS}>` } },
  };
  return {
    schemaVersion: '1.0.0',
    modules: [
      {
        kind: 'javascript-module',
        path: BUNDLE,
        declarations: [...values, defineFunction, describeElement()],
        exports: [
          ...[...Object.keys(EXPORTED_VALUES), defineFunction.name].map((name) => ({ kind: 'js', name, declaration: { name, module: BUNDLE } })),
          { kind: 'custom-element-definition', name: TAG_NAME, declaration: elementClass },
        ],
      },
    ],
  };
}

export function manifestText(): string {
  return `${JSON.stringify(buildManifest(), null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(MANIFEST_FILE, manifestText());
