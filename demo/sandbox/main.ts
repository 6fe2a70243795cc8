import express from 'express';
import type { AddressInfo } from 'node:net';
import { accessLog } from './access-log';
import { KEYS_PATH, SCIM_PATH, createSandbox } from './app';
import { portFromEnv } from './config';

const port = portFromEnv(8787);
const host = process.env.HOST ?? 'localhost';

const app = express().disable('x-powered-by').use(accessLog()).use(createSandbox());
const server = app.listen(port, host, (error?: Error) => {
  if (error) throw error;
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  console.log(`SCIM sandbox listening on ${origin}${SCIM_PATH}`);
  console.log(`Get a key: curl -X POST -H 'Content-Type: application/json' -d '{"plan":"free"}' ${origin}${KEYS_PATH}`);
});

// Close idle keep-alive connections too, so the port is free at once.
function stop(): void {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
}
process.once('SIGINT', stop).once('SIGTERM', stop);
