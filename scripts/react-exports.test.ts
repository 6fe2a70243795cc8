// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { READ_EXPORTS, readExports, withoutExports } from '../build/react-exports';

const PACKAGES = Object.keys(READ_EXPORTS);
const names = (code: string) => Object.fromEntries([...readExports(code, PACKAGES)].map(([pkg, read]) => [pkg, [...read].sort()]));

describe('build/react-exports.ts', () => {
  it('reads named imports, and the members of default, namespace and require() bindings', () => {
    expect(names(`import { useId, memo as m } from 'react'; import R from 'react-dom'; R.createPortal(); m();`)).toEqual({
      react: ['memo', 'useId'],
      'react-dom': ['createPortal'],
    });
    expect(names(`import * as S from 'scheduler'; var React = require("react"); React.version; S.unstable_now(); ({ React: 1 });`)).toEqual({
      react: ['version'],
      scheduler: ['unstable_now'],
    });
  });

  it('refuses what it cannot follow: a binding passed on whole, a re-export, a require() not kept in a variable', () => {
    expect(() => readExports(`import React from 'react'; use(React);`, PACKAGES)).toThrow(/other than as React.name/);
    expect(() => readExports(`export { useId } from 'react';`, PACKAGES)).toThrow(/re-exports react/);
    expect(() => readExports(`module.exports = require("react");`, PACKAGES)).toThrow(/other than into a variable/);
  });

  it('blanks the exports not kept, keeping every line and column of the rest', () => {
    const code = `"use strict";\nfunction f() {}\nexports.kept = f;\nexports.dropped = function () {\n  return 1;\n};\nif (x) exports.inside = 1;\n`;
    const shaken = withoutExports(code, ['kept']);
    expect(shaken).toContain('exports.kept = f;');
    expect(shaken).not.toContain('dropped');
    expect(shaken).toContain('exports.inside = 1;');
    expect(shaken.split('\n').map((line) => line.length)).toEqual(code.split('\n').map((line) => line.length));
  });

  it('keeps every name React DOM reads of React, of itself and of the scheduler', () => {
    const client = readFileSync('node_modules/react-dom/cjs/react-dom-client.production.js', 'utf8');
    for (const [pkg, read] of readExports(client, PACKAGES)) expect(READ_EXPORTS[pkg]).toEqual(expect.arrayContaining([...read]));
  });
});
