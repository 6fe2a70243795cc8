// @vitest-environment node
import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import { expect, it } from 'vitest';
import { documentedSection } from '../../src/test-support/documentation';

const readme = readFileSync('README.md', 'utf8');

// Issue 25: a newcomer reads the README whole, so reference material (framework recipes, the
// sandbox's internals, benchmarks) lives in docs/. Counted as `wc -l` counts.
it('README.md stays under 350 lines', () => {
  const lines = readme.split('\n').length - 1;
  expect(lines).toBeLessThan(350);
});

// Issue 54: a docs author finds the few steps to embed it before the reference.
it('has a quick start for docs authors of at most 15 lines, before the reference, loading the script as the reference does', () => {
  const tokens = new MarkdownIt().parse(readme, {});
  const heading = tokens.findIndex((token, index) => token.type === 'heading_open' && tokens[index + 1]?.content === 'Quick start for docs authors');
  const reference = tokens.findIndex((token, index) => token.type === 'heading_open' && tokens[index + 1]?.content === 'Embed it');
  const steps = tokens.slice(heading).find(({ type }) => type === 'ordered_list_open');
  expect(heading).toBeGreaterThan(0);
  expect(heading).toBeLessThan(reference);
  const [from = 0] = tokens[heading]?.map ?? [];
  const [, to = Infinity] = steps?.map ?? [];
  expect(to - from).toBeLessThanOrEqual(15);
  const script = /<script type="module" src="[^"]+"><\/script>/.exec(readme.split('\n').slice(from, to).join('\n'))?.[0];
  expect(script).toBeDefined();
  expect(documentedSection('Script and element')).toContain(script);
});
