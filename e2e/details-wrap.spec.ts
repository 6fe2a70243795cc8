import { NARROWEST_ROW_CHARS } from '../src/widget/wrap-points';
import { createKeyOnKeyPage, expect, pressAndSettle, test } from './support/demo-site';

// Issue 38: JSON in Details stays readable in a narrow card. A wrapped line goes on at its own
// indent, not at column 0; the enterprise URN breaks after a colon, not mid-word; the block is
// never wider than its card; and the text selected and copied is the text shown, byte for byte.

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** A line element of the block as laid out: the row each of its characters is on (-1 for a line break), and where each row starts. */
interface LaidOutLine {
  indent: number;
  text: string;
  rowOf: number[];
  rowLeft: number[];
}

for (const width of [320, 375]) {
  test(`at ${width} px, a Users response wraps at its indent, breaks the enterprise URN after colons, fits its card and copies exactly`, async ({
    page,
    context,
    demo,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(demo.url).origin });
    await page.setViewportSize({ width, height: 800 });
    await page.goto(new URL('/apikey/', demo.url).href);
    await createKeyOnKeyPage(page, 'pro');
    await page.getByRole('navigation').getByRole('link', { name: 'Generators' }).click();
    const users = await pressAndSettle(page, 'Users');
    await users.getByRole('button', { name: /^Details for / }).first().click();
    const panel = users.locator('[part="details"]').first();
    const response = panel.locator('pre').nth(1);
    await expect(response).toContainText('201 Created');

    const { lines, contentLeft, rowChars, charWidth } = await response.evaluate((pre) => {
      const range = document.createRange();
      const laidOut = [...pre.querySelectorAll<HTMLElement>('.line')].map((line) => {
        const shown: LaidOutLine = { indent: Number(line.style.getPropertyValue('--indent') || 0), text: '', rowOf: [], rowLeft: [] };
        let top = NaN;
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (let at = 0; at < text.length; at++) {
            shown.text += text[at];
            if (text[at] === '\n') {
              shown.rowOf.push(-1);
              continue;
            }
            range.setStart(node, at);
            range.setEnd(node, at + 1);
            const box = range.getBoundingClientRect();
            if (shown.rowLeft.length === 0 || Math.abs(box.top - top) > 1) {
              top = box.top;
              shown.rowLeft.push(box.left);
            }
            shown.rowOf.push(shown.rowLeft.length - 1);
          }
        }
        return shown;
      });
      const probe = document.createElement('span');
      probe.textContent = 'x'.repeat(10);
      pre.append(probe);
      const tenChars = probe.getBoundingClientRect().width;
      probe.remove();
      const padding = parseFloat(getComputedStyle(pre).paddingLeft);
      return {
        lines: laidOut,
        contentLeft: pre.getBoundingClientRect().left + pre.clientLeft + padding,
        rowChars: (pre.clientWidth - 2 * padding) / (tenChars / 10),
        charWidth: tenChars / 10,
      };
    });
    expect(rowChars, 'a row holds as many characters as wrap-points.ts takes the narrowest to hold').toBeGreaterThanOrEqual(NARROWEST_ROW_CHARS);

    // (a) Every wrapped row of an indented line starts at the line's indent or further right.
    const wrapped = lines.filter(({ indent, rowLeft }) => indent > 0 && rowLeft.length > 1);
    expect(wrapped.length, 'some indented line wraps').toBeGreaterThan(0);
    for (const { indent, text, rowLeft } of wrapped) {
      expect(rowLeft[0], text).toBeCloseTo(contentLeft, 0);
      for (const left of rowLeft.slice(1)) expect(left - contentLeft, text).toBeGreaterThanOrEqual(indent * charWidth - 0.5);
    }

    // (b) Each row of the enterprise URN, but the last, ends with a colon.
    const urns = lines.filter(({ text }) => text.includes(ENTERPRISE));
    expect(urns.length, 'the response holds the enterprise URN').toBeGreaterThan(0);
    for (const { text, rowOf } of urns) {
      const start = text.indexOf(ENTERPRISE);
      const rows: string[] = [];
      for (let at = start; at < start + ENTERPRISE.length; at++) {
        const row = rowOf[at] ?? -1;
        rows[row] = (rows[row] ?? '') + text[at];
      }
      const fragments = rows.filter(Boolean);
      expect(fragments.length, text).toBeGreaterThan(1);
      for (const fragment of fragments.slice(0, -1)) expect(fragment, text).toMatch(/:$/);
      expect(fragments.join('')).toBe(ENTERPRISE);
    }

    // (c) Nothing is wider than the block, nor the block than its card, nor the card than the page.
    const overflows = await response.evaluate((pre) => {
      const card = pre.getRootNode() instanceof ShadowRoot ? (pre.getRootNode() as ShadowRoot).host.closest('.card') : null;
      const page = document.documentElement;
      return [pre, card, page].map((box) => (box ? box.scrollWidth - box.clientWidth : NaN));
    });
    expect(overflows).toEqual([0, 0, 0]);

    // (d) The block's text is the head, a blank line and the body Copy response JSON gives; selected and copied, it is that text.
    await panel.getByRole('button', { name: 'Copy response JSON' }).click();
    const body = await page.evaluate(() => navigator.clipboard.readText());
    const shown = (await response.textContent()) ?? '';
    expect(shown.endsWith(`\n\n${body}`)).toBe(true);
    expect(shown.startsWith('201 Created\n')).toBe(true);
    await response.focus();
    const selected = await response.evaluate((pre) => {
      getSelection()?.selectAllChildren(pre);
      return getSelection()?.toString();
    });
    expect(selected).toBe(shown);
    await page.keyboard.press('Control+C');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  });
}
