import type { AddressInfo } from 'node:net';
import { KEYS_PATH, SCIM_PATH, createSandbox } from './app';
import { portFromEnv } from './config';

const port = portFromEnv(8787);
const host = process.env.HOST ?? 'localhost';

const server = createSandbox().listen(port, host, (error?: Error) => {
  if (error) throw error;
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  console.log(`SCIM sandbox listening on ${origin}${SCIM_PATH}`);
  console.log(`Get a key: curl -X POST -H 'Content-Type: application/json' -d '{"plan":"free"}' ${origin}${KEYS_PATH}`);
});
