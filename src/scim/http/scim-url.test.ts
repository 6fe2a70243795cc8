// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queryUrl } from './query-url';
import { scimUrl } from './scim-url';

describe('scimUrl', () => {
  it('joins encoded segments under the base path, keeps the base query and drops its fragment', () => {
    const base = 'https://scim.example.com/scim/v2/?tenant=acme#docs';
    expect(scimUrl(base)).toBe('https://scim.example.com/scim/v2?tenant=acme');
    expect(scimUrl(base, ['ResourceTypes'])).toBe('https://scim.example.com/scim/v2/ResourceTypes?tenant=acme');
    expect(scimUrl(base, ['Users', 'a?b#c/d 50%'])).toBe('https://scim.example.com/scim/v2/Users/a%3Fb%23c%2Fd%2050%25?tenant=acme');
    expect(queryUrl(scimUrl(base, ['Users']), [['filter', 'userName eq "a b"']])).toBe('https://scim.example.com/scim/v2/Users?tenant=acme&filter=userName%20eq%20%22a%20b%22');
  });

  it('adds a query after the one a URL has', () => {
    expect(queryUrl('https://x.example/scim/v2/Users?tenant=7', [['count', '1']])).toBe('https://x.example/scim/v2/Users?tenant=7&count=1');
  });

  it('throws on a lone surrogate, which no URL can carry', () => {
    expect(() => scimUrl('https://x.example/scim', ['\uD800'])).toThrow();
  });
});

// Text that builds a URL by hand: `${…url…}/…`, `${base}${endpoint}`, `url + '/…'`, or a URL's path or query set outside scim-url.ts and query-url.ts.
const HAND_BUILT = /\$\{[^}]*(url|endpoint|href|pathname|base|origin)[^}]*\}(\/|\$\{|\?)|(url|endpoint|href|pathname)\s*\+\s*['"`]|\.(pathname|search)\s*=[^=]/i;
// Not URLs that are sent: the path prefix a Location is compared with, and the one the relay forwards below.
const ALLOWED = new Set([
  'src/scim/http/resource-url.ts: const prefix = `${collection.pathname}/`;',
  "src/cli/relay.ts: if (path !== basePath && !path.startsWith(`${basePath}/`)) return void response.writeHead(404, { ...cors, 'Content-Type': 'text/plain' }).end(`Not under ${basePath || '/'}: not forwarded\\n`), 404;",
]);

describe('F3: every URL below base-url comes from scimUrl (and queryUrl, which adds a query to it)', () => {
  it('no source file outside scim-url.ts builds a URL by string concatenation', () => {
    const sources = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$|^test-support\/|^scim\/http\/(scim|query)-url\.ts$/.test(path))
      .map((path) => join('src', path));
    expect(sources.length).toBeGreaterThan(50);
    const found = sources.flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => HAND_BUILT.test(line))
        .map((line) => `${path}: ${line.trim()}`),
    );
    expect(found.filter((line) => !ALLOWED.has(line))).toEqual([]);
  });
});
