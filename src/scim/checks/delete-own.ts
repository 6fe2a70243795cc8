import { readBackGone } from '../actions/read-back';
import { isActionDone } from '../actions/table';
import { answered, type CheckContext } from './check';

/**
 * Deletes a resource Check made (a duplicate the server took, a real-value user or group) and reads
 * it back as the Delete action does: a deleted resource answers 404 (RFC 7644 §3.6). Undefined once
 * it is gone; else what is left, as a clause the check's reason ends with (`its DELETE answered 500
 * Internal Server Error: delete it by hand`).
 */
export async function deleteOwn(context: CheckContext, url: string, noun: 'user' | 'group'): Promise<string | undefined> {
  context.adopt(url);
  const deleted = await context.send({ method: 'DELETE', url });
  if (!isActionDone('delete', deleted)) return `its DELETE answered ${answered(deleted)}: delete it by hand`;
  const gone = await readBackGone(context.send, url, noun, context.delay);
  return gone.applied ? undefined : `its DELETE answered ${answered(deleted)}, but ${gone.differences.join(', ')}: delete it by hand`;
}
