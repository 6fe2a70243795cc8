import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { requireTool } from '../../scripts/debian-tools';
import { startMariaDb } from './mariadb';
import { onProcessExit, startServerWhenReady } from '../../test/support/server-process';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const INSTALL_SCRIPT = join(repoRoot, 'e2e/wordpress/install-site.php');
const ROUTER_SCRIPT = join(repoRoot, 'e2e/wordpress/router.php');
const DATABASE = 'wordpress';

/** A plugin folder as its readme says to make one: a folder of this repository, plus files of the package. */
export interface PluginSource {
  /** Its folder's name under wp-content/plugins/. */
  slug: string;
  /** The folder of this repository it is copied from (one .php file: the plugin's main file). */
  folder: string;
  /**
   * Files of the package copied in beside them, by their name alone: paths in the package, which
   * are the same in this repository once built (`npm pack` packs `dist/` and custom-elements.json).
   */
  packageFiles: string[];
}

interface RestUser {
  login: string;
  applicationPassword: string;
}

interface Accounts {
  admin: RestUser & { password: string };
  author: RestUser;
}

export interface PublishedPost {
  /** The REST API's status for the create. */
  status: number;
  /** The content as WordPress stored it (after kses, for users without unfiltered_html). */
  raw: string;
  /** The post's page. */
  link: string;
}

export interface WordPressSite {
  /** e.g. `http://127.0.0.1:41234/` */
  url: string;
  /** Makes the plugins of these slugs active and the others inactive, as the administrator (REST). */
  activatePlugins(slugs: string[]): Promise<void>;
  /** Publishes a post as the Author (REST with an application password): kses applies as in the editor. */
  publishAsAuthor(title: string, content: string): Promise<PublishedPost>;
  /** Logs `page` in to wp-admin as the administrator. */
  logInAsAdmin(page: Page): Promise<void>;
  /** What PHP logged so far: errors, warnings, notices and deprecations (WP_DEBUG_LOG). */
  phpLog(): Promise<string>;
  close(): Promise<void>;
}

const phpString = (value: string) => `'${value.replace(/[\\']/g, '\\$&')}'`;

/** Debian's wp-config.php reads /etc/wordpress; the test site's own config points at its database. */
function wpConfig(databaseSocket: string, debugLog: string): string {
  return `<?php
define( 'DB_NAME', ${phpString(DATABASE)} );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', ${phpString(`localhost:${databaseSocket}`)} );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
// Application passwords over plain HTTP.
define( 'WP_ENVIRONMENT_TYPE', 'local' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', ${phpString(debugLog)} );
// No background requests to wp-cron.php while the tests run.
define( 'DISABLE_WP_CRON', true );
$table_prefix = 'wp_';
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`;
}

async function pluginId(plugin: PluginSource): Promise<string> {
  const main = (await readdir(join(repoRoot, plugin.folder))).find((file) => file.endsWith('.php'));
  if (!main) throw new Error(`${plugin.folder} holds no .php file`);
  return `${plugin.slug}/${basename(main, '.php')}`;
}

async function installPlugin(pluginsDir: string, plugin: PluginSource): Promise<void> {
  const dir = join(pluginsDir, plugin.slug);
  await cp(join(repoRoot, plugin.folder), dir, { recursive: true });
  for (const file of plugin.packageFiles) await cp(join(repoRoot, file), join(dir, basename(file)));
}

/**
 * WordPress from Debian's package, installed at test time in a folder of its own: a copy of
 * /usr/share/wordpress with its own wp-config.php, its own MariaDB (data and socket in the same
 * folder) and PHP's built-in server on a free port, with an administrator and an Author. `close()`
 * (or, failing that, this process's exit) stops both servers and removes the folder.
 */
export async function startWordPress(plugins: PluginSource[]): Promise<WordPressSite> {
  const dir = await mkdtemp(join(tmpdir(), 'scim-generator-wordpress-'));
  const cancelRemoval = onProcessExit(() => rmSync(dir, { recursive: true, force: true }));
  const stops: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
    await rm(dir, { recursive: true, force: true });
    cancelRemoval();
  };

  try {
    const siteDir = join(dir, 'site');
    const debugLog = join(dir, 'php.log');
    // Debian links some of WordPress's files to its own copies of the libraries (underscore.js,
    // getID3) by relative links, which a copy must follow. cp(1): some twenty times faster than fs.cp here.
    await run('cp', ['-r', '--dereference', requireTool('wordpress'), siteDir]);
    const pluginsDir = join(siteDir, 'wp-content/plugins');
    await mkdir(pluginsDir, { recursive: true });
    for (const plugin of plugins) await installPlugin(pluginsDir, plugin);

    const database = await startMariaDb(dir, DATABASE);
    stops.push(database.stop);
    await writeFile(join(siteDir, 'wp-config.php'), wpConfig(database.socket, debugLog));

    const php = await startServerWhenReady(
      requireTool('php'),
      ['-S', '127.0.0.1:0', '-t', siteDir, ROUTER_SCRIPT],
      /Development Server \((http:\/\/[^)]+)\) started/,
      // The page, its styles and the element's script in parallel rather than one by one.
      { env: { PHP_CLI_SERVER_WORKERS: '4' }, group: true },
    );
    stops.push(async () => void (await php.stop()));
    const url = `${php.ready[1]}/`;

    const { stdout } = await run(requireTool('php'), [INSTALL_SCRIPT, siteDir, url]);
    const accounts = JSON.parse(stdout) as Accounts;

    const rest = async (user: RestUser, route: string, body: object) => {
      const response = await fetch(`${url}?rest_route=${encodeURIComponent(route)}`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${user.login}:${user.applicationPassword}`).toString('base64')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const ids = new Map(await Promise.all(plugins.map(async (plugin) => [plugin.slug, await pluginId(plugin)] as const)));

    return {
      url,
      async activatePlugins(slugs) {
        for (const [slug, id] of ids) {
          const status = slugs.includes(slug) ? 'active' : 'inactive';
          const answer = await rest(accounts.admin, `/wp/v2/plugins/${id}`, { status });
          if (answer.status !== 200) throw new Error(`Making ${id} ${status} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        }
      },
      async publishAsAuthor(title, content) {
        const answer = await rest(accounts.author, '/wp/v2/posts', { title, content, status: 'publish' });
        const post = answer.body as { link?: string; content?: { raw?: string } };
        return { status: answer.status, raw: post.content?.raw ?? '', link: post.link ?? '' };
      },
      async logInAsAdmin(page) {
        await page.goto(`${url}wp-login.php`);
        await page.getByLabel('Username or Email Address').fill(accounts.admin.login);
        await page.getByLabel('Password', { exact: true }).fill(accounts.admin.password);
        await page.getByRole('button', { name: 'Log In' }).click();
        await expect(page).toHaveURL(/\/wp-admin\/$/);
      },
      phpLog: () => readFile(debugLog, 'utf8').catch(() => ''),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
