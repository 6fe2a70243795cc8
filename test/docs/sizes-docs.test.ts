// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 38: one source for the sizes the docs give. `npm run size` checks the budgets of
// .size-limit.json and writes what it measured to docs/sizes.json; the README and
// docs/benchmarks.md quote that file, figure for figure.

interface Measured {
  name: string;
  size: number;
  sizeLimit: number;
}

const measured = JSON.parse(readFileSync('docs/sizes.json', 'utf8')) as Measured[];
const budgets = JSON.parse(readFileSync('.size-limit.json', 'utf8')) as { name: string; limit: string }[];
const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
const [loader, beforeButton, defineBeforeButton, , iife] = measured;

describe('the sizes the docs give', () => {
  it('docs/sizes.json measures every budget of .size-limit.json, under its limit', () => {
    expect(measured.map(({ name }) => name)).toEqual(budgets.map(({ name }) => name));
    for (const { size, sizeLimit } of measured) expect(size).toBeLessThanOrEqual(sizeLimit);
  });

  it("docs/benchmarks.md's budget table gives each budget and what docs/sizes.json measured, in its order", () => {
    const rows = readFileSync('docs/benchmarks.md', 'utf8')
      .split('\n')
      .filter((line) => /^\| .* \| [\d.]+ kB \| [\d.]+ kB \|$/.test(line))
      .map((line) => line.split('|').slice(-3, -1).map((cell) => cell.trim()));
    expect(rows).toEqual(measured.map(({ size, sizeLimit }) => [`${sizeLimit / 1000} kB`, kB(size)]));
  });

  it('the README gives the loader, the element, the define entry and the classic script as measured', () => {
    const readme = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(`a loader of ${kB(loader?.size ?? 0)} gzip`);
    expect(readme).toContain(`the element (${kB(beforeButton?.size ?? 0)} gzip with the loader`);
    expect(readme).toContain(`\`scim-generator-define.js\` instead (${kB(defineBeforeButton?.size ?? 0)} gzip with the element's chunk`);
    expect(readme).toContain(`the classic script (${kB(iife?.size ?? 0)} gzip)`);
  });
});
