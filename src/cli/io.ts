/** Where the commands write and read: the process's streams and environment, or a test's. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
}

/** Input the command cannot run with: its message is printed and the exit code is 2. */
export class BadInput extends Error {}

/** The base URL argument as an http(s) URL without a trailing slash, or BadInput naming what is wrong. */
export function httpBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BadInput(`Invalid base URL "${text}": give an absolute http(s) URL such as https://example.com/scim/v2`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BadInput(`Invalid base URL "${text}": only http and https are supported`);
  if (url.username || url.password) throw new BadInput('Invalid base URL: it holds credentials; give the key in SCIM_TOKEN instead');
  if (url.search || url.hash) throw new BadInput(`Invalid base URL "${text}": it must have no query or fragment`);
  return url.href.replace(/\/+$/, '');
}
