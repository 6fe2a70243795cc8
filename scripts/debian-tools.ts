// The programs the tests take from Debian rather than npm: the browsers (Playwright and puppeteer
// cannot download their own here), the docs site generators MkDocs, Hugo, Sphinx and Jekyll, and WordPress with the
// PHP and MariaDB it runs on (`npm run test:wordpress`), and PostgreSQL and Redis for the sandbox's
// tests of several processes on one database. Each is found where its variable points (another
// system's copy, e.g. Homebrew's: docs/development.md), else at its Debian path, installed with
// apt-get when missing and this user is root (`scripts/ensure-tools.ts`), and otherwise named with
// what to install.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

interface DebianTool {
  /** Where Debian installs the program. */
  path: string;
  /** An environment variable that points at another copy instead. */
  variable: string;
  /** Other files the tests need from Debian's packages, e.g. a theme; another copy brings its own. */
  alsoNeeds?: string[];
  packages: string[];
}

/** Debian installs PostgreSQL's programs under its major version: the newest one present, else bookworm's. */
function postgresProgram(name: string): string {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').filter((entry) => /^\d+$/.test(entry)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0] ?? '15';
  return `/usr/lib/postgresql/${newest}/bin/${name}`;
}

export const DEBIAN_TOOLS = {
  chromium: { path: '/usr/bin/chromium', variable: 'CHROMIUM_PATH', packages: ['chromium'] },
  firefox: { path: '/usr/bin/firefox-esr', variable: 'FIREFOX_PATH', packages: ['firefox-esr'] },
  mkdocs: {
    path: '/usr/bin/mkdocs',
    variable: 'MKDOCS_PATH',
    alsoNeeds: ['/usr/share/mkdocs/themes/material/mkdocs_theme.yml'],
    packages: ['mkdocs', 'mkdocs-material'],
  },
  hugo: { path: '/usr/bin/hugo', variable: 'HUGO_PATH', packages: ['hugo'] },
  // Jekyll 4.3 with its default theme, minima 2.5, as GitHub Pages builds a site.
  jekyll: {
    path: '/usr/bin/jekyll',
    variable: 'JEKYLL_PATH',
    alsoNeeds: ['/usr/share/rubygems-integration/all/specifications/minima-2.5.1.gemspec'],
    packages: ['jekyll', 'jekyll-theme-minima'],
  },
  // Sphinx 5.3 with the Read the Docs theme and MyST, as Read the Docs builds a project.
  sphinx: {
    path: '/usr/bin/sphinx-build',
    variable: 'SPHINX_BUILD_PATH',
    alsoNeeds: ['/usr/lib/python3/dist-packages/sphinx_rtd_theme/__init__.py', '/usr/lib/python3/dist-packages/myst_parser/__init__.py'],
    packages: ['python3-sphinx', 'python3-sphinx-rtd-theme', 'python3-myst-parser'],
  },
  // WordPress 6.1's files, which the test copies, and its default theme (a block theme).
  wordpress: {
    path: '/usr/share/wordpress',
    variable: 'WORDPRESS_PATH',
    alsoNeeds: ['/usr/share/wordpress/wp-content/themes/twentytwentythree/theme.json'],
    packages: ['wordpress', 'wordpress-theme-twentytwentythree'],
  },
  php: { path: '/usr/bin/php', variable: 'PHP_PATH', packages: ['php-cli', 'php-mysql'] },
  mariadbd: { path: '/usr/sbin/mariadbd', variable: 'MARIADBD_PATH', packages: ['mariadb-server'] },
  'mariadb-install-db': { path: '/usr/bin/mariadb-install-db', variable: 'MARIADB_INSTALL_DB_PATH', packages: ['mariadb-server'] },
  mariadb: { path: '/usr/bin/mariadb', variable: 'MARIADB_PATH', packages: ['mariadb-server'] },
  postgres: { path: postgresProgram('postgres'), variable: 'POSTGRES_PATH', alsoNeeds: [postgresProgram('initdb')], packages: ['postgresql'] },
  initdb: { path: postgresProgram('initdb'), variable: 'INITDB_PATH', packages: ['postgresql'] },
  'redis-server': { path: '/usr/bin/redis-server', variable: 'REDIS_SERVER_PATH', packages: ['redis-server'] },
} as const satisfies Record<string, DebianTool>;

export type ToolName = keyof typeof DEBIAN_TOOLS;

export function isToolName(name: string): name is ToolName {
  return Object.hasOwn(DEBIAN_TOOLS, name);
}

/** Another copy's path, from the tool's variable, when it is set. */
function overridden(name: ToolName): string | undefined {
  return process.env[DEBIAN_TOOLS[name].variable] || undefined;
}

/** The program's path: its variable's value when set, else Debian's. */
export function toolPath(name: ToolName): string {
  return overridden(name) ?? DEBIAN_TOOLS[name].path;
}

function isPresent(name: ToolName): boolean {
  const tool: DebianTool = DEBIAN_TOOLS[name];
  const alsoNeeds = overridden(name) === undefined ? (tool.alsoNeeds ?? []) : [];
  return [toolPath(name), ...alsoNeeds].every((file) => existsSync(file));
}

function howToInstall(name: ToolName): string {
  const tool: DebianTool = DEBIAN_TOOLS[name];
  if (overridden(name) !== undefined) return `${name} not found at ${toolPath(name)}, where ${tool.variable} points.`;
  return (
    `${name} not found at ${toolPath(name)}. Install it: \`sudo apt-get install -y ${tool.packages.join(' ')}\` ` +
    `(Debian/Ubuntu; the npm script that needs it does it when run as root), or point ${tool.variable} at another copy.`
  );
}

/** The program's path; throws saying what to install when it is missing. */
export function requireTool(name: ToolName): string {
  if (!isPresent(name)) throw new Error(howToInstall(name));
  return toolPath(name);
}

/**
 * Installs the Debian packages of the tools that are missing, in one apt-get run, when this user
 * is root and has apt-get; otherwise throws saying what to install.
 */
export function ensureTools(names: ToolName[]): void {
  const missing = names.filter((name) => !isPresent(name));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(missing.map(howToInstall).join('\n'));
  }
  const packages = [...new Set(missing.flatMap((name) => DEBIAN_TOOLS[name].packages))];
  console.log(`${missing.join(', ')} not found; installing Debian's ${packages.join(' ')}...`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const stillMissing = missing.filter((name) => !isPresent(name));
  if (stillMissing.length > 0) throw new Error(stillMissing.map(howToInstall).join('\n'));
}
