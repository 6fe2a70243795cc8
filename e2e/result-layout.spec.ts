import { expect, test } from './support/fault-page';

test('a wrapped result line hangs: its next lines start under the status, not under the ✓/✗ marker', async ({
  host,
  faults,
}) => {
  const element = await host.mount({ 'base-url': faults.baseUrl('scim-409') });
  // Narrow enough that "409 Conflict — uniqueness: userName is already taken" wraps.
  await element.evaluate((generator) => generator.style.setProperty('width', '14em'));
  await host.pressAndSettle();
  await expect(host.lines()).toHaveCount(10);

  const layout = await host.lines().first().evaluate((line) => {
    const left = (part: string) => line.querySelector(part)?.getBoundingClientRect().left ?? NaN;
    const text = document.createRange();
    text.selectNodeContents(line);
    const fragments = [...text.getClientRects()].filter((rect) => rect.width > 0);
    return {
      marker: left('.marker'),
      status: left('[part="status"]'),
      lineTops: new Set(fragments.map((rect) => Math.round(rect.top))).size,
      leftmostText: Math.min(...[...(line.querySelector('[part="detail"]')?.getClientRects() ?? [])].map((rect) => rect.left)),
    };
  });
  expect(layout.lineTops, 'the line wraps').toBeGreaterThan(1);
  expect(layout.marker).toBeLessThan(layout.status);
  expect(layout.leftmostText).toBeGreaterThanOrEqual(layout.status - 0.5);
});
