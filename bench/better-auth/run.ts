// `npm run bench:better-auth`: the issue-34 "External" test. Starts Better Auth with its SCIM plugin
// on a loopback port, runs Update, Remove members and Rename in every profile through the element's
// own action table and client, runs Check (the element's runChecks) on users and groups of every
// profile (bench/better-auth/checks.ts), and writes docs/better-auth.md.
import { register } from 'node:module';

// The record profiles import `virtual:faker-en-subset`, which Vite's plugin serves to the bundle;
// under Node a resolve hook maps it to faker-en-subset.ts and hands that on to tsx's own hooks.
const subset = new URL('./faker-en-subset.ts', import.meta.url).href;
const hook = `export async function resolve(specifier, context, next) {
  return next(specifier === 'virtual:faker-en-subset' ? ${JSON.stringify(subset)} : specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

// Imported only now, so that the hook is in place before the profiles load.
const { main } = await import('./main.ts');
await main();
