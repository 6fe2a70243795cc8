import type { Plan } from '../shared/plan';
import { KEYS_PATH } from '../shared/paths';

/** Issues a key from the sandbox at `origin` with `POST /api/keys`, as tests and tools need one. */
export async function createApiKey(origin: string, plan: Plan): Promise<string> {
  const response = await fetch(new URL(KEYS_PATH, origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ plan }),
  });
  if (response.status !== 201) throw new Error(`POST ${KEYS_PATH} answered ${response.status}`);
  return ((await response.json()) as { key: string }).key;
}
