import { LimitExceeded } from './errors';
import { MAX_RESOURCE_BYTES } from './store';

/** A resource as the stores keep it, JSON and its size; throws LimitExceeded past MAX_RESOURCE_BYTES. */
export function resourceJson(record: object): [json: string, bytes: number] {
  const json = JSON.stringify(record);
  const bytes = Buffer.byteLength(json);
  if (bytes > MAX_RESOURCE_BYTES) throw new LimitExceeded('resourceBytes', MAX_RESOURCE_BYTES, bytes);
  return [json, bytes];
}
