// @vitest-environment node
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { READINESS_DOC, readinessDoc } from '../../scripts/readiness-doc';
import { READINESS } from '../../src/scim/readiness/table';

it('docs/readiness.md is what `npm run docs:readiness` generates from the readiness table', () => {
  expect(readFileSync(READINESS_DOC, 'utf8')).toBe(readinessDoc());
});

it('docs/readiness.md names every criterion of every IdP with its source address', () => {
  const page = readFileSync(READINESS_DOC, 'utf8');
  for (const criterion of Object.values(READINESS).flat()) {
    expect(page).toContain(`| \`${criterion.id}\` | ${criterion.weight} |`);
    expect(page).toContain(`](${criterion.source.url})`);
  }
});
