// custom-elements.json against the code it describes and the README tables that show it.
// (happy-dom, not node: importing the element's module defines an HTMLElement subclass.)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Ajv from 'ajv';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from './config';
import * as controller from './controller';
import { ATTRIBUTES, TAG_NAME } from './element';
import { RESOURCE_TYPES } from './scim/schemas';

interface Described {
  name: string;
  description?: string;
  default?: string;
  type?: { text: string };
}

interface ManifestElement {
  tagName?: string;
  customElement?: boolean;
  attributes?: Described[];
  events?: Described[];
  cssParts?: Described[];
  cssProperties?: Described[];
}

interface Manifest {
  modules: { path: string; declarations?: ManifestElement[]; exports?: { kind: string; name: string }[] }[];
}

const require = createRequire(import.meta.url);
const MANIFEST_FILE = 'custom-elements.json';
const manifest = JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as Manifest;
const element = manifest.modules.flatMap((module) => module.declarations ?? []).find((item) => item.customElement);
const names = (items: Described[] | undefined) => (items ?? []).map((item) => item.name).sort();
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** Every string an expression in a `part` attribute can produce, read from the source. */
function possibleStrings(node: ts.Node, source: ts.SourceFile): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isJsxExpression(node) && node.expression) return possibleStrings(node.expression, source);
  if (ts.isParenthesizedExpression(node)) return possibleStrings(node.expression, source);
  if (ts.isConditionalExpression(node)) {
    return [...possibleStrings(node.whenTrue, source), ...possibleStrings(node.whenFalse, source)];
  }
  if (ts.isTemplateExpression(node)) {
    return node.templateSpans.reduce(
      (prefixes, span) =>
        prefixes.flatMap((prefix) => possibleStrings(span.expression, source).map((value) => prefix + value + span.literal.text)),
      [node.head.text],
    );
  }
  if (ts.isIdentifier(node)) {
    const initializer = variableInitializer(source, node.text);
    if (initializer) return possibleStrings(initializer, source);
  }
  throw new Error(`${source.fileName}: cannot tell which part names ${node.getText(source)} gives`);
}

function variableInitializer(source: ts.SourceFile, name: string): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) found ??= node.initializer;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function partNamesIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const parts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'part' && node.initializer) {
      parts.push(...possibleStrings(node.initializer, source).flatMap((value) => value.split(/\s+/).filter(Boolean)));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return parts;
}

/** Each `--scim-generator-*` property the stylesheet reads, with the fallbacks of its `var()` uses. */
function customPropertiesIn(css: string): Map<string, string[]> {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const properties = new Map<string, string[]>();
  for (const [name] of text.matchAll(/--scim-generator-[\w-]+/g)) properties.set(name, []);
  for (const { index } of text.matchAll(/var\(/g)) {
    let depth = 0;
    let end = index + 'var('.length;
    for (; end < text.length && (depth > 0 || text[end] !== ')'); end++) {
      if (text[end] === '(') depth++;
      if (text[end] === ')') depth--;
    }
    const [name = '', ...fallback] = text.slice(index + 'var('.length, end).split(',');
    if (fallback.length > 0) properties.get(name.trim())?.push(fallback.join(',').replace(/\s+/g, ' ').trim());
  }
  return properties;
}

/** The backticked names in the first column of the README table whose first header cell is `header`. */
function readmeTable(header: string): string[] {
  const lines = readFileSync('README.md', 'utf8').split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${header} |`));
  if (start < 0) throw new Error(`README.md has no table headed "${header}"`);
  const rows = lines.slice(start + 2);
  const end = rows.findIndex((line) => !line.startsWith('|'));
  return rows.slice(0, end < 0 ? undefined : end).map((row) => /^\|\s*`([^`]+)`/.exec(row)?.[1] ?? row);
}

describe('custom-elements.json', () => {
  it('is valid against the Custom Elements Manifest schema', () => {
    const schema: unknown = JSON.parse(readFileSync(require.resolve('custom-elements-manifest/schema.json'), 'utf8'));
    const validate = new Ajv({ allErrors: true, allowUnionTypes: true }).compile(schema as object);
    expect(validate(manifest), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('is what `npm run manifest` generates from the JSDoc on ScimGeneratorElement', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'manifest-'));
    try {
      const cli = require.resolve('@custom-elements-manifest/analyzer/cem.js');
      execFileSync(process.execPath, [cli, 'analyze', '--quiet', '--outdir', relative(process.cwd(), outdir)]);
      expect(JSON.parse(readFileSync(join(outdir, MANIFEST_FILE), 'utf8'))).toEqual(manifest);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }, 60_000);

  it('defines the tag the element is registered under, from the ES module consumers import', () => {
    expect(element?.tagName).toBe(TAG_NAME);
    const definitions = manifest.modules.flatMap((module) =>
      (module.exports ?? []).filter((item) => item.kind === 'custom-element-definition').map((item) => [module.path, item.name]),
    );
    expect(definitions).toEqual([['dist/scim-generator.js', TAG_NAME]]);
  });

  it('lists exactly the observed attributes, each with a type, a description and the default parseConfig uses', () => {
    expect(names(element?.attributes)).toEqual(sorted(Object.keys(ATTRIBUTES)));
    for (const [attribute, property] of Object.entries(ATTRIBUTES)) {
      const described = element?.attributes?.find((item) => item.name === attribute);
      expect(described?.type?.text, attribute).toBeTruthy();
      expect(described?.description, attribute).toBeTruthy();
      expect(described?.default, attribute).toBe(String(DEFAULTS[property]));
    }
    const resourceType = element?.attributes?.find((item) => item.name === 'resource-type')?.type?.text;
    for (const type of RESOURCE_TYPES) expect(resourceType).toContain(`'${type}'`);
  });

  it('lists exactly the events the controller dispatches, with their detail types', () => {
    const dispatched = Object.entries(controller)
      .filter(([name]) => name.endsWith('_EVENT'))
      .map(([, type]) => String(type));
    expect(names(element?.events)).toEqual(sorted(dispatched));
    expect(element?.events?.find((event) => event.name === controller.RESULT_EVENT)?.type?.text).toBe('CustomEvent<ItemResult>');
    expect(element?.events?.find((event) => event.name === controller.COMPLETE_EVENT)?.type?.text).toBe('CustomEvent<BatchResult>');
    for (const event of element?.events ?? []) expect(event.description, event.name).toMatch(/bubbles and is composed/i);
  });

  it('lists exactly the part names the widget renders', () => {
    const widgetDir = 'src/widget';
    const rendered = readdirSync(widgetDir)
      .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
      .flatMap((file) => partNamesIn(join(widgetDir, file)));
    expect(rendered).toContain('success'); // read through the template literal, not only from plain strings
    expect(names(element?.cssParts)).toEqual(sorted(rendered));
    for (const part of element?.cssParts ?? []) expect(part.description, part.name).toBeTruthy();
  });

  it('lists exactly the custom properties the stylesheet reads, with the fallback it uses as the default', () => {
    const properties = customPropertiesIn(readFileSync('src/widget/styles.css', 'utf8'));
    expect(names(element?.cssProperties)).toEqual(sorted(properties.keys()));
    for (const property of element?.cssProperties ?? []) {
      expect(property.description, property.name).toBeTruthy();
      expect(properties.get(property.name), property.name).toContain(property.default);
    }
  });
});

describe('README tables', () => {
  it.each([
    ['attribute', element?.attributes],
    ['event', element?.events],
    ['part', element?.cssParts],
    ['custom property', element?.cssProperties],
  ])('the %s table lists what the manifest lists', (header, described) => {
    expect(readmeTable(header).sort()).toEqual(names(described));
  });
});
