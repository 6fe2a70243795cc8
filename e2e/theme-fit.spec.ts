import type { Locator, Page } from '@playwright/test';
import { THEME_BRAND_COLORS } from '../src/widget/css-properties';
import { blockingViolations, runAxe } from './support/axe';
import { BLACK, buttonColors, painted, WHITE } from './support/colors';
import { generateButton } from './support/generator';
import { test, expect } from './support/site-test';

// The accent follows a docs theme's brand colour, and the button's text picks black or white to
// read on it. The real themes are checked on the sites built at test time (VitePress, Docusaurus,
// Starlight, Material); this covers each variable, light and dark, and the order they win in.

/** Each theme's brand colour as its own stylesheet sets it, on a light and on a dark page. */
const THEMES: Record<(typeof THEME_BRAND_COLORS)[number], { light: string; dark: string }> = {
  '--vp-c-brand-1': { light: '#3451b2', dark: '#a8b1ff' },
  '--ifm-color-primary': { light: '#3578e5', dark: '#25c2a0' },
  '--sl-color-accent': { light: '#3d50f5', dark: '#3369ff' },
  '--md-primary-fg-color': { light: '#4051b5', dark: '#4051b5' },
  // Furo's src/furo/assets/styles/variables/_colors.scss (colors, colors-dark)
  '--color-brand-primary': { light: '#0a4bff', dark: '#3d94ff' },
};

const PAGES = { light: { background: '#fff', text: '#1b1b1f' }, dark: { background: '#1b1b1f', text: '#dfdfd6' } };

async function openThemedPage(page: Page, url: string, css: string): Promise<Locator> {
  await page.goto(url);
  await page.addStyleTag({ content: css });
  const button = generateButton(page.locator('scim-generator'));
  await expect(button).toBeVisible();
  return button;
}

for (const [variable, brand] of Object.entries(THEMES)) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${variable} on a ${scheme} page colours the button, with text that reads on it`, async ({ page, site }, testInfo) => {
      const accent = brand[scheme];
      const { background, text } = PAGES[scheme];
      const button = await openThemedPage(
        page,
        `${site.url}esm.html`,
        `:root { ${variable}: ${accent}; background: ${background}; color: ${text}; }`,
      );

      const shown = await buttonColors(button);
      expect(shown.background).toEqual(await painted(page, accent));
      expect([BLACK, WHITE]).toContainEqual(shown.text);
      expect(blockingViolations(await runAxe(page, testInfo, `${variable} ${scheme}`))).toEqual([]);
    });
  }
}

test('--scim-generator-accent-color wins over a theme, and themes win in the documented order', async ({ page, site }) => {
  const button = await openThemedPage(
    page,
    `${site.url}esm.html`,
    `:root { --ifm-color-primary: #2e8555; --vp-c-brand-1: #3451b2; }
     scim-generator.own { --scim-generator-accent-color: #7c3aed; }`,
  );

  expect((await buttonColors(button)).background).toEqual(await painted(page, '#3451b2'));
  await page.locator('scim-generator').evaluate((element) => element.classList.add('own'));
  expect((await buttonColors(button)).background).toEqual(await painted(page, '#7c3aed'));
});

test('without a theme the accent is #2563eb with white text', async ({ page, site }) => {
  const button = await openThemedPage(page, `${site.url}esm.html`, ':root {}');

  expect(await buttonColors(button)).toEqual({ background: await painted(page, '#2563eb'), text: WHITE });
});
