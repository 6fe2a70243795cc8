// `npm test`: every step of scripts/test-steps.ts, each even when one before it failed, then every
// failure and one line `N passed, M failed`. `npm test -- --wordpress` adds the WordPress suite (CI).
import { fileURLToPath } from 'node:url';
import { runSteps } from './run-steps';
import { STEPS, WORDPRESS_STEP } from './test-steps';

const steps = process.argv.includes('--wordpress') ? [...STEPS, WORDPRESS_STEP] : STEPS;
const { lines, failed } = runSteps(steps, { root: fileURLToPath(new URL('..', import.meta.url)) });
for (const line of lines) console.log(line);
process.exitCode = failed === 0 ? 0 : 1;
