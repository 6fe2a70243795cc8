import type { Page } from '@playwright/test';
import { ATTRIBUTE_TABLE } from '../../src/public/attribute-table';
import { test, expect } from '../support/page-errors';
import { generateAndExpectCreated, generateButton, storeApiKey } from '../support/generator';
import { listenWithSandbox, type SandboxServer } from '../support/sandbox';
import { startWordPress, type PluginSource, type WordPressSite } from '../support/wordpress-site';

// Debian's WordPress 6.1 installed at test time (e2e/support/wordpress-site.ts), with the plugin of
// examples/wordpress/ made as its readme says. Posts are published by an Author, who lacks
// `unfiltered_html`, through the REST API with an application password, so kses filters them as it
// does in the editor; the element then calls the sandbox SCIM provider on another port (CORS).

const PLUGIN: PluginSource = {
  slug: 'scim-generator',
  folder: 'examples/wordpress',
  packageFiles: ['dist/scim-generator.iife.js', 'custom-elements.json'],
};
/** The same plugin with only the repository's files: the package's two forgotten. */
const PLUGIN_WITHOUT_PACKAGE_FILES: PluginSource = { ...PLUGIN, slug: 'scim-generator-unpacked', packageFiles: [] };
const SCRIPT_PATH = `/wp-content/plugins/${PLUGIN.slug}/scim-generator.iife.js`;

// One site for the file; each test sets the plugins it needs.
test.describe.configure({ mode: 'default' });

let sandbox: SandboxServer;
let wordpress: WordPressSite;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sandbox = await listenWithSandbox();
  wordpress = await startWordPress([PLUGIN, PLUGIN_WITHOUT_PACKAGE_FILES]);
});
test.afterAll(async () => {
  await wordpress?.close();
  await sandbox?.close();
});

test.afterEach(async () => {
  // WordPress 6.1 itself logs deprecations under PHP 8.2; the plugin must log nothing.
  const pluginLines = (await wordpress.phpLog()).split('\n').filter((line) => line.includes(`/plugins/${PLUGIN.slug}`));
  expect(pluginLines).toEqual([]);
});

const tag = (attributes: Record<string, string>) =>
  `<scim-generator ${Object.entries(attributes).map(([name, value]) => `${name}="${value}"`).join(' ')}></scim-generator>`;
/** Every attribute the element declares (custom-elements.json lists these), at its default but two. */
const everyAttribute = () => ({
  ...Object.fromEntries(ATTRIBUTE_TABLE.map((row) => [row.name, row.default])),
  'resource-type': 'Users',
  'base-url': sandbox.scimUrl,
});
/** What an Author might paste: the element with all its attributes, and an event handler. */
const rawTag = () => tag({ ...everyAttribute(), onclick: 'alert(1)' });

/** Opens the post with a Pro key of the sandbox stored, and resolves with the request paths it made. */
async function openPost(page: Page, link: string): Promise<string[]> {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  await storeApiKey(page, await sandbox.createApiKey('pro'));
  await page.goto(link);
  return paths;
}

test('without the plugin, kses strips an Author’s <script> and <scim-generator> while REST answers 201', async ({ page }) => {
  await wordpress.activatePlugins([]);

  const script = `<script src="${SCRIPT_PATH}"></script>`;

  const post = await wordpress.publishAsAuthor('Raw tag, no plugin', `${script}\n${rawTag()}`);

  expect(post.status).toBe(201);
  expect(post.raw.trim()).toBe('');
  await openPost(page, post.link);
  await expect(page.locator('h1')).toHaveText('Raw tag, no plugin');
  await expect(page.locator('scim-generator')).toHaveCount(0);
});

test('with the plugin, an Author’s raw tag keeps the element’s attributes, and no others, and presses to ten Users', async ({ page }) => {
  await wordpress.activatePlugins([PLUGIN.slug]);

  const post = await wordpress.publishAsAuthor('Raw tag', rawTag());

  expect(post.status).toBe(201);
  expect(post.raw).toBe(tag(everyAttribute()));
  const paths = await openPost(page, post.link);
  const element = page.locator('scim-generator');
  await expect(generateButton(element)).toHaveText('Generate Users →');
  await generateAndExpectCreated(element);
  expect(paths).toContain(SCRIPT_PATH);
});

test('with the plugin, the shortcode renders the element with its attributes escaped and presses to ten Groups', async ({ page }) => {
  await wordpress.activatePlugins([PLUGIN.slug]);
  // A quote that would end the attribute unless escaped: an Author's way to an event handler.
  const apiKeyUrl = '/keys/?from=docs&x=" onmouseover="alert(1)';

  const post = await wordpress.publishAsAuthor(
    'Shortcode',
    `[scim_generator resource-type="Groups" base-url="${sandbox.scimUrl}" api-key-url='${apiKeyUrl}' onclick="alert(1)"]`,
  );

  expect(post.status).toBe(201);
  await openPost(page, post.link);
  const element = page.locator('scim-generator');
  expect(await element.evaluate((host) => Object.fromEntries([...host.attributes].map(({ name, value }) => [name, value])))).toEqual({
    'resource-type': 'Groups',
    'base-url': sandbox.scimUrl,
    'api-key-url': apiKeyUrl,
  });
  await expect(generateButton(element)).toHaveText('Generate Groups →');
  await generateAndExpectCreated(element);
});

test('with the plugin, a post without the element does not load its script', async ({ page }) => {
  await wordpress.activatePlugins([PLUGIN.slug]);

  const post = await wordpress.publishAsAuthor('Plain post', 'No generator here.');

  const paths = await openPost(page, post.link);
  await expect(page.getByText('No generator here.')).toBeVisible();
  expect(paths).not.toContain(SCRIPT_PATH);
});

test('without the package files beside it, the plugin leaves pages alone and tells the administrator', async ({ page }) => {
  await wordpress.activatePlugins([PLUGIN_WITHOUT_PACKAGE_FILES.slug]);

  const post = await wordpress.publishAsAuthor('Unpacked plugin', '[scim_generator resource-type="Groups"]');

  await openPost(page, post.link);
  // As text (its quotes made curly by wptexturize), and no element.
  await expect(page.getByText(/^\[scim_generator resource-type=.Groups.\]$/)).toBeVisible();
  await expect(page.locator('scim-generator')).toHaveCount(0);
  await wordpress.logInAsAdmin(page);
  await page.goto(`${wordpress.url}wp-admin/plugins.php`);
  await expect(
    page.getByText(/^SCIM Generator does nothing yet: copy scim-generator\.iife\.js and custom-elements\.json from the scim-generator package into \//),
  ).toBeVisible();
});
