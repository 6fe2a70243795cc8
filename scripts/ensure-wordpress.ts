// The WordPress test (`npm run test:wordpress`) runs Debian's WordPress with PHP's built-in server
// and a MariaDB of its own. `tsx scripts/ensure-wordpress.ts` installs the Debian packages when a
// program or file below is missing and this user is root; otherwise it says what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the Debian packages put what the test runs. */
export const WORDPRESS_STACK = {
  /** WordPress 6.1, the site the test copies. */
  wordpress: '/usr/share/wordpress',
  /** Its default theme, a block theme. */
  theme: '/usr/share/wordpress/wp-content/themes/twentytwentythree/theme.json',
  php: '/usr/bin/php',
  mariadbd: '/usr/sbin/mariadbd',
  mariadbInstallDb: '/usr/bin/mariadb-install-db',
  /** The command-line client. */
  mariadb: '/usr/bin/mariadb',
};

const PACKAGES = ['wordpress', 'wordpress-theme-twentytwentythree', 'php-cli', 'php-mysql', 'mariadb-server'];

const missingFiles = () => Object.values(WORDPRESS_STACK).filter((path) => !existsSync(path));

function ensureWordPressStack(): void {
  const missing = missingFiles();
  if (missing.length === 0) return;
  const install = `apt-get install -y --no-install-recommends ${PACKAGES.join(' ')}`;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`${missing.join(', ')} not found. Install them (Debian/Ubuntu): sudo ${install}`);
  }
  console.log(`${missing.join(', ')} not found; installing Debian's ${PACKAGES.join(' ')}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...PACKAGES], { stdio: 'inherit', env });
  const stillMissing = missingFiles();
  if (stillMissing.length > 0) throw new Error(`${stillMissing.join(', ')} still missing after: ${install}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureWordPressStack();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
