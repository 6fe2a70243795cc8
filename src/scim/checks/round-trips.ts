import { removeMember, renameGroup, updateUser, type ActionEnd, type ActionTarget } from '../actions/table';
import { userChanges } from '../actions/user-changes';
import type { ScimCall } from '../http/call';
import { bodyOf } from '../http/list-response';
import { groupName } from '../fake/job';
import { PATCH_OP_SCHEMA } from '../protocol';
import { isUser } from '../records/records';
import { exchange, passed, type CheckContext, type CheckVerdict } from './check';

// The checks that change the resource: each does what an IdP does on the days after, reads it
// back, then puts back what the batch made, so that nothing is left behind (RFC 7644 §3.5.2).

const actionTarget = ({ target }: CheckContext): ActionTarget => ({ ...target, memberIds: [...target.memberIds], deactivated: false, deleted: false });

/** Why an action's write or its read-back fell short, in one sentence; undefined when the server holds what it meant. */
export function shortfall(what: string, { decided, readBack }: ActionEnd<ScimCall>): string | undefined {
  if (!decided.ok) return `${what}: ${exchange(decided)}`;
  if (readBack && !readBack.applied) return `${what}: ${exchange(decided)}, but ${readBack.differences.join('; ')}`;
  return undefined;
}

/** The first of the steps' shortfalls, as a failed check; the restore always runs. */
async function roundTrip(change: () => Promise<string | undefined>, restore: () => Promise<string | undefined>): Promise<CheckVerdict> {
  const changed = await change();
  const restored = await restore();
  if (changed) return { fail: `${changed}.` };
  return restored ? { fail: `The change read back, but putting it back failed. ${restored}.` } : passed;
}

/** PATCHes `active` in the profile's dialect, then GETs the user; a sentence when the GET does not show it. */
async function setActive(context: CheckContext, active: boolean): Promise<string | undefined> {
  const { url } = context.target;
  const patch = await context.send({ method: 'PATCH', url, body: context.dialect.deactivate(active) });
  if (!patch.ok) return `PATCH active ${active}: ${exchange(patch)}`;
  const read = await context.send({ method: 'GET', url });
  const shown = bodyOf(read)?.active;
  if (read.status === 200 && shown === active) return undefined;
  const then = read.status === 200 ? `GET still shows active ${JSON.stringify(shown)}` : exchange(read);
  return `PATCH active ${active} answered ${patch.status} ${patch.statusText}, then ${then}`;
}

/**
 * Deactivation from an active user, whatever the batch made: a user created inactive is activated
 * first (else a server that ignores `active: false` would pass), then deactivated, then left as the
 * batch made it.
 */
export async function deactivateFromActive(context: CheckContext): Promise<CheckVerdict> {
  const read = await context.send({ method: 'GET', url: context.target.url });
  const original = bodyOf(read)?.active;
  if (read.status !== 200 || typeof original !== 'boolean') return { fail: `Expected a GET of the user to show active true or false; ${exchange(read)} with active ${JSON.stringify(original)}.` };
  const activated = original ? undefined : await setActive(context, true);
  if (activated) return { fail: `Expected to activate the user before deactivating it; ${activated}.` };
  const deactivated = await setActive(context, false);
  const restored = original ? await setActive(context, true) : undefined;
  // A server that ignores `active: false` keeps the user Check activated: the line says so, as Check cannot undo it.
  if (deactivated) return { fail: `Expected the user deactivated; ${deactivated}.${original ? '' : ' The user created inactive is left active: deactivate it by hand.'}` };
  return restored ? { fail: `Deactivated, but putting the user back to active failed: ${restored}.` } : passed;
}

/** Update in the profile's dialect, read back; then the old values, read back. */
export async function updateRoundTrip(context: CheckContext): Promise<CheckVerdict> {
  const target = actionTarget(context);
  if (!isUser(target.record)) throw new Error('The update round trip needs a user');
  const before = bodyOf(await context.send({ method: 'GET', url: target.url })) ?? {};
  const changes = userChanges(context.faker, target.record);
  // What the server held before, for each attribute Update changes: what the round trip puts back.
  const originals = changes.flatMap((change) => {
    const value = change.read(before);
    return typeof value === 'string' ? [{ ...change, value }] : [];
  });
  const action = { target, faker: context.faker, send: context.send };
  return roundTrip(
    async () => shortfall(`Update (${changes.map(({ attribute }) => attribute).join(', ')})`, await updateUser(context.dialect.update, changes, action)),
    async () => (originals.length === 0 ? undefined : shortfall('Update back to the old values', await updateUser(context.dialect.update, originals, action))),
  );
}

/** Rename in the profile's dialect, read back; then the old name, read back. */
export async function renameRoundTrip(context: CheckContext): Promise<CheckVerdict> {
  const target = actionTarget(context);
  const action = { target, faker: context.faker, send: context.send };
  const old = Reflect.get(target.record, 'displayName') as string;
  return roundTrip(
    async () => shortfall('Rename', await renameGroup(context.dialect.rename, groupName(context.faker), action)),
    async () => shortfall('Rename back', await renameGroup(context.dialect.rename, old, action)),
  );
}

/** Remove members in the profile's dialect for one member, read back; then the member added back (RFC 7644 §3.5.2.1). */
export async function removeMemberRoundTrip(context: CheckContext): Promise<CheckVerdict> {
  const target = actionTarget(context);
  const [memberId, ...others] = target.memberIds;
  if (memberId === undefined) throw new Error('The membership round trip needs a member');
  const action = { target, faker: context.faker, send: context.send };
  return roundTrip(
    async () => shortfall('Remove members', await removeMember(context.dialect['remove-members'], memberId, others, action)),
    async () => {
      const patch = await context.send({ method: 'PATCH', url: target.url, body: { schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'add', path: 'members', value: [{ value: memberId }] }] } });
      return patch.ok ? undefined : `adding the member back: ${exchange(patch)}`;
    },
  );
}
