// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEBIAN_TOOLS, requireTool, toolPath, type ToolName } from './debian-tools';

// Issue 54: off Debian (macOS with Homebrew, say) each program the tests run is pointed at by a
// variable of its own (docs/development.md).

afterEach(() => vi.unstubAllEnvs());
const names = Object.keys(DEBIAN_TOOLS) as ToolName[];

describe('the tools the tests run', () => {
  it('each have a variable of their own', () => {
    const variables = names.map((name) => DEBIAN_TOOLS[name].variable);
    expect(new Set(variables).size).toBe(names.length);
    for (const variable of variables) expect(variable).toMatch(/^[A-Z][A-Z_]*_PATH$/);
  });

  it('docs/development.md names every variable, for a system other than Debian', () => {
    const documented = readFileSync('docs/development.md', 'utf8').split('## Other systems than Debian')[1] ?? '';
    for (const name of names) expect(documented).toContain(`\`${DEBIAN_TOOLS[name].variable}\``);
  });

  it.each(names)('%s is taken where its variable points, without the Debian files it otherwise needs', (name) => {
    vi.stubEnv(DEBIAN_TOOLS[name].variable, process.execPath);
    expect(toolPath(name)).toBe(process.execPath);
    expect(requireTool(name)).toBe(process.execPath);
  });

  it('a variable pointing at nothing is named in the error, not an apt-get line', () => {
    vi.stubEnv('HUGO_PATH', '/nowhere/hugo');
    expect(() => requireTool('hugo')).toThrow('hugo not found at /nowhere/hugo, where HUGO_PATH points.');
  });

  it('without its variable (or with it empty), a tool is looked for at its Debian path', () => {
    vi.stubEnv('REDIS_SERVER_PATH', '');
    expect(toolPath('redis-server')).toBe('/usr/bin/redis-server');
  });
});
