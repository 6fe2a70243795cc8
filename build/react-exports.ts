import { parseAst, type Plugin } from 'vite';

// React, React DOM and the scheduler ship as CommonJS. Rolldown wraps a CommonJS module that another
// one require()s, and keeps a wrapped module's every export: React's Children, cloneElement, lazy,
// the form hooks, React DOM's createPortal and preload functions, which nothing here calls, came to
// some 2.5 kB gzip of the element's chunk. This plugin leaves out of each production file the
// `exports.name = ...` statements whose name no bundled module reads, so that the minifier drops what
// only they reached. What each module reads is declared here, and the build checks it: every module
// is read for its imports of these packages, and the build fails if one reads a name left out, or
// reads the package in a way that cannot be followed (a whole namespace passed on).

/** The names of each package the bundled modules read: ours, r2wc, React DOM (`React.version` ...). */
export const READ_EXPORTS: Record<string, readonly string[]> = {
  react: [
    '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
    'Component',
    'createElement',
    'memo',
    'startTransition',
    'useEffect',
    'useId',
    'useLayoutEffect',
    'useRef',
    'useState',
    'useSyncExternalStore',
    'version',
  ],
  'react-dom': ['__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE'],
  scheduler: [
    'log',
    'unstable_IdlePriority',
    'unstable_ImmediatePriority',
    'unstable_LowPriority',
    'unstable_NormalPriority',
    'unstable_UserBlockingPriority',
    'unstable_cancelCallback',
    'unstable_getCurrentPriorityLevel',
    'unstable_now',
    'unstable_requestPaint',
    'unstable_scheduleCallback',
    'unstable_setDisableYieldValue',
    'unstable_shouldYield',
  ],
};

/** The production file each package's index.js loads (its development file is never bundled). */
const PRODUCTION_FILES: Record<string, string> = {
  react: '/node_modules/react/cjs/react.production.js',
  'react-dom': '/node_modules/react-dom/cjs/react-dom.production.js',
  scheduler: '/node_modules/scheduler/cjs/scheduler.production.js',
};

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function* children(node: Node): Generator<[Node, Node]> {
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object' && typeof (child as Node).type === 'string') yield [child as Node, node];
    }
  }
}

function* walk(node: Node, parent?: Node): Generator<[Node, Node | undefined]> {
  yield [node, parent];
  for (const [child, of] of children(node)) yield* walk(child, of);
}

const nameOf = (node: unknown): string | undefined => {
  const n = node as Node | undefined;
  if (n?.type === 'Identifier') return n.name as string;
  if (n?.type === 'Literal' && typeof n.value === 'string') return n.value;
  return undefined;
};

/**
 * The names of `packages` that a module's code reads: named imports, and `binding.name` of a
 * default or namespace import or of `const binding = require(package)`. Throws where the code
 * reads a package otherwise (a re-export, or a binding used other than as `binding.name`).
 */
export function readExports(code: string, packages: readonly string[]): Map<string, Set<string>> {
  const read = new Map<string, Set<string>>();
  const add = (pkg: string, name: string) => read.set(pkg, (read.get(pkg) ?? new Set()).add(name));
  const bindings = new Map<string, string>(); // local name -> package
  const declarations = new Set<Node>();
  const ast = parseAst(code) as unknown as Node;
  for (const [node, parent] of walk(ast)) {
    const source = nameOf(node.source);
    if ((node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') && source && packages.includes(source)) {
      throw new Error(`re-exports ${source}, whose exports cannot then be followed`);
    }
    if (node.type === 'ImportDeclaration' && source && packages.includes(source)) {
      for (const specifier of node.specifiers as Node[]) {
        const local = specifier.local as Node;
        if (specifier.type === 'ImportSpecifier') add(source, nameOf(specifier.imported) as string);
        else {
          bindings.set(local.name as string, source);
          declarations.add(local);
        }
      }
    }
    const callee = node.callee as Node | undefined;
    const required = node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'require' ? nameOf((node.arguments as Node[])[0]) : undefined;
    if (required && packages.includes(required)) {
      const id = parent?.type === 'VariableDeclarator' ? (parent.id as Node) : undefined;
      if (id?.type !== 'Identifier') throw new Error(`reads require("${required}") other than into a variable`);
      bindings.set(id.name as string, required);
      declarations.add(id);
    }
  }
  if (bindings.size === 0) return read;
  for (const [node, parent] of walk(ast)) {
    const pkg = node.type === 'Identifier' ? bindings.get(node.name as string) : undefined;
    if (!pkg || declarations.has(node)) continue;
    if (parent?.type === 'MemberExpression' && parent.object === node && !parent.computed) add(pkg, nameOf(parent.property) as string);
    else if (!(parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) && !(parent?.type === 'Property' && parent.key === node && !parent.shorthand)) {
      throw new Error(`uses ${node.name as string} (${pkg}) other than as ${node.name as string}.name`);
    }
  }
  return read;
}

/**
 * `code` with its top-level `exports.name = ...;` statements whose name is not in `kept` blanked out:
 * spaces in place of each character but line breaks, so that every other line and column, and so
 * the source map, stay as they were.
 */
export function withoutExports(code: string, kept: readonly string[]): string {
  const cuts: [number, number][] = [];
  for (const statement of (parseAst(code) as unknown as { body: Node[] }).body) {
    const expression = statement.type === 'ExpressionStatement' ? (statement.expression as Node) : undefined;
    const target = expression?.type === 'AssignmentExpression' ? (expression.left as Node) : undefined;
    if (target?.type === 'MemberExpression' && nameOf(target.object) === 'exports' && !kept.includes(nameOf(target.property) as string)) {
      cuts.push([statement.start, statement.end]);
    }
  }
  return cuts.reduceRight((text, [start, end]) => text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end), code);
}

/** Leaves out of React's production files the exports no bundled module reads; see above. */
export function reactExports(): Plugin {
  const packages = Object.keys(READ_EXPORTS);
  const read = new Map<string, Set<string>>(packages.map((pkg) => [pkg, new Set()]));
  return {
    name: 'scim-generator:react-exports',
    enforce: 'post',
    transform(code, id) {
      const path = id.replace(/\\/g, '/');
      const pkg = packages.find((name) => path.endsWith(PRODUCTION_FILES[name] as string));
      if (!packages.some((name) => code.includes(name))) return null;
      let found: Map<string, Set<string>>;
      try {
        found = readExports(code, packages);
      } catch (error) {
        return this.error(`${id} ${(error as Error).message}: build/react-exports.ts cannot tell which exports it needs`);
      }
      for (const [name, names] of found) names.forEach((n) => read.get(name)?.add(n));
      return pkg ? { code: withoutExports(code, READ_EXPORTS[pkg] as readonly string[]), map: null } : null;
    },
    buildEnd(error) {
      if (error) return;
      for (const pkg of packages) {
        const missing = [...(read.get(pkg) ?? [])].filter((name) => !READ_EXPORTS[pkg]?.includes(name));
        if (missing.length > 0) this.error(`the bundle reads ${missing.join(', ')} of ${pkg}: add them to READ_EXPORTS in build/react-exports.ts`);
      }
    },
  };
}
