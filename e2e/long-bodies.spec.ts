import { prettyJson } from '../src/widget/json-text';
import { FIRST_SHOWN_CHARS } from '../src/widget/text-slices';
import { BIG_BODY_SHAPES } from '../test/support/big-bodies';
import { expect, test } from './support/fault-page';

// Details of a 256 KB response body, in the three shapes that were slowest to lay out (issue 42).
// The bound is structural, not timed: opening the panel puts at most FIRST_SHOWN_CHARS (4,096)
// characters of the body in the DOM, and the whole panel stays under FIRST_SHOWN_CHARS + 4,000
// (request, headers, labels). How long opening takes is the bench's job (`npm run bench`).

const PANEL_BOUND = FIRST_SHOWN_CHARS + 4000;

for (const shape of BIG_BODY_SHAPES) {
  test(`a 256 KB body (${shape}): Details opens with its start only, Show all adds the rest, Copy response JSON copies all of it`, async ({
    host,
    faults,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(host.page.url()).origin });
    const generator = await host.mount({ 'base-url': faults.baseUrl(`big-${shape}`) });
    await host.pressAndSettle();
    const details = generator.getByRole('button', { name: /^Details for / }).first();
    const name = (await details.getAttribute('aria-label'))?.replace(/^Details for /, '');
    const line = (await host.lastComplete()).results.find((result) => result.name === name);
    const received = line?.calls[0]?.response?.text ?? '';
    expect(received.length).toBeGreaterThan(220_000);
    const whole = prettyJson(JSON.parse(received));

    await details.click();
    const panel = generator.locator('[part="details"]').first();
    const response = panel.locator('pre').nth(1);
    await expect(response).toContainText('201 Created');
    const shown = (await response.textContent()) ?? '';
    const head = shown.slice(0, shown.indexOf('\n\n') + 2);
    const shownBody = shown.slice(head.length);
    expect(shownBody.length).toBeGreaterThan(0);
    expect(shownBody.length).toBeLessThanOrEqual(FIRST_SHOWN_CHARS);
    expect(whole.startsWith(shownBody), 'what is shown is the start of the body').toBe(true);
    expect(((await panel.textContent()) ?? '').length).toBeLessThan(PANEL_BOUND);

    await panel.getByRole('button', { name: 'Copy response JSON' }).click();
    await expect(panel.getByText('Copied')).toBeVisible();
    expect(await host.page.evaluate(() => navigator.clipboard.readText())).toBe(whole);

    await panel.getByRole('button', { name: /^Show all \d+ KB$/ }).click();
    await expect(panel.getByRole('button', { name: /^Show all/ })).toHaveCount(0);
    expect(await response.textContent()).toBe(`${head}${whole}`);
    await expect(response).toBeFocused();
  });
}
