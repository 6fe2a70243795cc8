// Browser tests use Debian's browsers: Playwright and puppeteer cannot download their own here.
// `node scripts/ensure-browser.mjs chromium|firefox` installs the one named when it is missing and
// this user may; otherwise says exactly what to do.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const BROWSERS = {
  chromium: { variable: 'CHROMIUM_PATH', path: '/usr/bin/chromium', debianPackage: 'chromium', what: 'a Chromium or Chrome binary' },
  firefox: { variable: 'FIREFOX_PATH', path: '/usr/bin/firefox-esr', debianPackage: 'firefox-esr', what: 'a Firefox binary' },
};

const browser = BROWSERS[process.argv[2]];
if (!browser) {
  console.error(`Usage: node scripts/ensure-browser.mjs ${Object.keys(BROWSERS).join('|')}`);
  process.exit(2);
}
const path = process.env[browser.variable] ?? browser.path;

if (!existsSync(path)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `${process.argv[2]} not found at ${path}. Install it (Debian/Ubuntu: sudo apt-get install -y ${browser.debianPackage}) ` +
        `or point ${browser.variable} at ${browser.what}.`,
    );
    process.exit(1);
  }
  console.log(`${process.argv[2]} not found at ${path}; installing Debian's ${browser.debianPackage} package...`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', browser.debianPackage], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
