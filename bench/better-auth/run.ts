// `npm run bench:better-auth`: the issue-34 "External" test. Starts Better Auth with its SCIM plugin
// on a loopback port, runs Update, Remove members and Rename in every profile through the element's
// own action table and client, runs Check (the element's runChecks) on users and groups of every
// profile (bench/better-auth/checks.ts), the readiness run for every IdP profile
// (bench/better-auth/readiness.ts), and writes docs/better-auth.md.
import { main } from './main.ts';

await main();
