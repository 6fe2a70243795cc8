import { BadInput, type Io } from './io';
import { ready } from './ready';
import { relay } from './relay';

const USAGE = `Usage:
  scim-generator ready <base-url> [--idp entra,okta] [--email-domain DOMAIN] [--json FILE] [--junit FILE] [--verbose]
  scim-generator relay <base-url> [--port N] [--origin URL]
The API key is read from the SCIM_TOKEN environment variable.`;

/** Runs one command; the exit code, or undefined while a relay keeps serving. 2 is bad input. */
export async function main(args: string[], io: Io): Promise<number | undefined> {
  const [command, ...rest] = args;
  try {
    if (command === 'ready') return await ready(rest, io);
    if (command === 'relay') return void (await relay(rest, io));
    throw new BadInput(command === undefined ? 'No command given' : `Unknown command "${command}"`);
  } catch (error) {
    // parseArgs throws TypeErrors with a code for unknown or malformed options.
    const badOption = error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
    if (!(error instanceof BadInput) && !badOption) throw error;
    io.stderr(`scim-generator: ${error.message}\n${USAGE}\n`);
    return 2;
  }
}
