import { portFromEnv } from './config';
import { sandboxBanner, serveSandbox } from './http/serve';

try {
  const sandbox = await serveSandbox(portFromEnv(8787), process.env.HOST ?? 'localhost');
  for (const line of sandboxBanner(sandbox.origin)) console.log(line);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop).once('SIGTERM', stop);
} catch (error) {
  // A port in use or a database file held by another sandbox: its message says what to do.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
