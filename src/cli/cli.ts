import { main } from './main';

// The package's bin (dist/cli.js, built by `vite build --mode cli`; `npm run cli` from a clone).
main(process.argv.slice(2), { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text), env: process.env }).then(
  (code) => void (code !== undefined && (process.exitCode = code)),
  (error: unknown) => {
    process.stderr.write(`scim-generator: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
