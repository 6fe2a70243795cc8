// The own-server card's document (demo/own-server.html) holds its own <scim-generator>, which reads
// its key from `localStorage['apikey']` as it does on any page. That document's `localStorage` is
// this Storage: every name under a prefix of the demo's own, so the key of the reader's server is
// never the sandbox's `apikey`, which the other cards send to the sandbox.

/** Where the own-server card keeps what the reader entered, in this browser's localStorage. */
export const OWN_SERVER_PREFIX = 'scim-generator-demo:own-server:';
/** The base URL the reader entered, beside the key. */
export const OWN_BASE_URL_NAME = 'base-url';

/** A Storage that keeps each name under OWN_SERVER_PREFIX in `backing`. */
export class OwnServerStorage implements Storage {
  constructor(private readonly backing: Storage) {}

  #names(): string[] {
    return Array.from({ length: this.backing.length }, (_, index) => this.backing.key(index) ?? '').filter((name) => name.startsWith(OWN_SERVER_PREFIX));
  }

  get length(): number {
    return this.#names().length;
  }

  key(index: number): string | null {
    return this.#names()[index]?.slice(OWN_SERVER_PREFIX.length) ?? null;
  }

  getItem(name: string): string | null {
    return this.backing.getItem(OWN_SERVER_PREFIX + name);
  }

  setItem(name: string, value: string): void {
    this.backing.setItem(OWN_SERVER_PREFIX + name, value);
  }

  removeItem(name: string): void {
    this.backing.removeItem(OWN_SERVER_PREFIX + name);
  }

  clear(): void {
    this.#names().forEach((name) => this.backing.removeItem(name));
  }
}
