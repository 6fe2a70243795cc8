import { asWrite, removeMember, renameGroup, updateUser, writeResource, type ActionEnd, type ActionTarget } from '../actions/table';
import { memberIdsIn, membersPresent, readBack, valueIs, type ReadBack } from '../actions/read-back';
import { userChanges } from '../actions/user-changes';
import type { ScimCall } from '../http/call';
import { bodyOf } from '../http/list-response';
import { groupName } from '../fake/job';
import { PATCH_OP_SCHEMA } from '../protocol';
import { isUser } from '../records/records';
import { exchange, passed, type CheckContext, type CheckVerdict } from './check';

// The checks that change the resource: each does what an IdP does on the days after, reads it
// back, then puts back what it found, reads that back too, and names what it could not put back,
// so that nothing is left changed without the line saying so (RFC 7644 §3.5.2).

const actionTarget = ({ target }: CheckContext): ActionTarget => ({ ...target, memberIds: [...target.memberIds], deactivated: false, deleted: false });

/** How one step went: why it fell short, or that its read-back showed it only on the second look. */
interface Step {
  fail?: string;
  late?: string;
}

const lateStep = (what: string, { appliedAfterMs }: ReadBack): Step => (appliedAfterMs ? { late: `${what} applied after ${appliedAfterMs / 1000} s` } : {});

/** An action's write and read-back as a step. */
function stepOf(what: string, { decided, readBack: read }: ActionEnd<ScimCall>): Step {
  if (!decided.ok) return { fail: `${what}: ${exchange(decided)}` };
  if (read && !read.applied) return { fail: `${what}: ${exchange(decided)}, but ${read.differences.join('; ')}` };
  return read ? lateStep(what, read) : {};
}

/** Why an action's write or its read-back fell short, in one sentence; undefined when the server holds what it meant (if only on the second look). */
export const shortfall = (what: string, end: ActionEnd<ScimCall>): string | undefined => stepOf(what, end).fail;

/** A pass, with a note of the steps applied late: Check counts a delayed write as applied. */
function passedNoting(steps: readonly Step[]): CheckVerdict {
  const late = steps.flatMap(({ late: note }) => (note ? [note] : []));
  return late.length > 0 ? { pass: true, note: `${late.join('; ')}.` } : passed;
}

/**
 * The change, then the restore, which always runs; the first shortfall is the verdict. A restore
 * that did not hold says what it left behind (`leftBehind`: what the reader must put back by hand).
 */
async function roundTrip(change: () => Promise<Step>, restore: () => Promise<Step>, leftBehind: string): Promise<CheckVerdict> {
  const changed = await change();
  const restored = await restore();
  const left = restored.fail ? ` Putting it back failed too (${restored.fail}): ${leftBehind}.` : '';
  if (changed.fail) return { fail: `${changed.fail}.${left}` };
  if (restored.fail) return { fail: `The change read back, but putting it back failed. ${restored.fail}: ${leftBehind}.` };
  return passedNoting([changed, restored]);
}

/** Writes `active` in the profile's dialect (a PATCH, or a PUT of the user), then reads the user back (with its second look). */
async function setActive(context: CheckContext, active: boolean): Promise<Step> {
  const { url } = context.target;
  const { decided: write, written } = await writeResource(asWrite(context.dialect.deactivate(active)), { target: actionTarget(context), faker: context.faker, send: context.send });
  const method = write.request.method;
  if (!written || !write.ok) return { fail: `${method} active ${active}: ${exchange(write)}` };
  // Whatever form the dialect sends (Entra's "True"), the resource holds the boolean (RFC 7643 §4.1.1).
  const read = await readBack(context.send, url, [valueIs('active', (user) => user.active, active)], context.delay);
  if (read.applied) return lateStep(`active ${active}`, read);
  return { fail: `${method} active ${active} answered ${write.status} ${write.statusText}, then ${read.differences.join('; ')}` };
}

/**
 * Deactivation from an active user, whatever the batch made: a user created inactive is activated
 * first (else a server that ignores `active: false` would pass), then deactivated; then the user
 * is put back as Check found it, and read back. What could not be put back, the line names.
 */
export async function deactivateFromActive(context: CheckContext): Promise<CheckVerdict> {
  const read = await context.send({ method: 'GET', url: context.target.url });
  const original = bodyOf(read)?.active;
  if (read.status !== 200 || typeof original !== 'boolean') return { fail: `Expected a GET of the user to show active true or false; ${exchange(read)} with active ${JSON.stringify(original)}.` };
  const activated = original ? {} : await setActive(context, true);
  const deactivated = activated.fail ? {} : await setActive(context, false);
  // A deactivation that held already left the user created inactive as it was.
  const restored = !original && !activated.fail && !deactivated.fail ? {} : await setActive(context, original);
  const left = restored.fail ? (original ? ' The user is left inactive: activate it by hand.' : ' The user created inactive is left active: deactivate it by hand.') : '';
  if (activated.fail) return { fail: `Expected to activate the user before deactivating it; ${activated.fail}.${left}` };
  if (deactivated.fail) return { fail: `Expected the user deactivated; ${deactivated.fail}.${left}` };
  if (restored.fail) return { fail: `Deactivated, but putting the user back to active failed: ${restored.fail}.${left}` };
  return passedNoting([activated, deactivated, restored]);
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
  const action = { target, faker: context.faker, send: context.send, delay: context.delay };
  const shown = originals.map(({ attribute, value }) => `${attribute} ${JSON.stringify(value)}`).join(', ');
  return roundTrip(
    async () => stepOf(`Update (${changes.map(({ attribute }) => attribute).join(', ')})`, await updateUser(context.dialect.update, changes, action)),
    async () => (originals.length === 0 ? {} : stepOf('Update back to the old values', await updateUser(context.dialect.update, originals, action))),
    `the user may be left with the new values: put back ${shown} by hand`,
  );
}

/** Rename in the profile's dialect, read back; then the old name, read back. */
export async function renameRoundTrip(context: CheckContext): Promise<CheckVerdict> {
  const target = actionTarget(context);
  const action = { target, faker: context.faker, send: context.send, delay: context.delay };
  const old = Reflect.get(target.record, 'displayName') as string;
  return roundTrip(
    async () => stepOf('Rename', await renameGroup(context.dialect.rename, groupName(context.faker), action)),
    async () => stepOf('Rename back', await renameGroup(context.dialect.rename, old, action)),
    `the group may be left renamed: rename it ${JSON.stringify(old)} by hand`,
  );
}

/**
 * Remove members in the profile's dialect for one member, read back; then every member the group
 * had before and lacks now (the removed one, and any a server dropped with it) is added back
 * (RFC 7644 §3.5.2.1), and read back: the group ends with every member it had.
 */
export async function removeMemberRoundTrip(context: CheckContext): Promise<CheckVerdict> {
  const target = actionTarget(context);
  const [memberId, ...others] = target.memberIds;
  if (memberId === undefined) throw new Error('The membership round trip needs a member');
  const listed = memberIdsIn(bodyOf(await context.send({ method: 'GET', url: target.url })) ?? {});
  // A server that lists no members (Entra: returning them is optional) shows only what the batch gave.
  const before = listed ?? target.memberIds;
  const action = { target, faker: context.faker, send: context.send, delay: context.delay };
  return roundTrip(
    async () => {
      const step = stepOf('Remove members', await removeMember(context.dialect['remove-members'], memberId, others, action));
      if (step.fail || !listed) return step;
      // The read-back lets a group without `members` pass (returning them is optional); this server lists them, so none are left.
      const now = memberIdsIn(bodyOf(await context.send({ method: 'GET', url: target.url })) ?? {}) ?? [];
      const dropped = others.filter((id) => !now.includes(id)).length;
      return dropped === 0 ? step : { fail: `Remove members: the member is gone, but the server also dropped ${dropped} other member${dropped === 1 ? '' : 's'}` };
    },
    () => addBack(context, before, listed ? before : [memberId]),
    'the group is left without those members: add them back by hand',
  );
}

/**
 * Adds back to the group each of `before` it lacks now, then reads it back. When a GET shows no
 * `members`, what it lacks is `unlisted`: all of them for a server that listed members before, else
 * the removed member.
 */
async function addBack(context: CheckContext, before: readonly string[], unlisted: readonly string[]): Promise<Step> {
  const { url } = context.target;
  const now = memberIdsIn(bodyOf(await context.send({ method: 'GET', url })) ?? {});
  const missing = now ? before.filter((id) => !now.includes(id)) : unlisted;
  if (missing.length === 0) return {};
  const value = missing.map((id) => ({ value: id }));
  const patch = await context.send({ method: 'PATCH', url, body: { schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'add', path: 'members', value }] } });
  const what = `adding back ${missing.length === 1 ? 'the member' : `the ${missing.length} members`} ${missing.join(', ')}`;
  if (!patch.ok) return { fail: `${what}: ${exchange(patch)}` };
  const read = await readBack(context.send, url, [membersPresent(before)], context.delay);
  return read.applied ? lateStep('Adding the members back', read) : { fail: `${what}: ${exchange(patch)}, but ${read.differences.join('; ')}` };
}

/** Optional single-valued string attributes of a User (RFC 7643 §4.1.1), in the order the partial PUT looks for one to leave out. */
const LEFT_OUT_CANDIDATES = ['locale', 'title', 'nickName', 'timezone', 'preferredLanguage', 'userType', 'profileUrl', 'displayName'] as const;

/**
 * A PUT replaces the resource (RFC 7644 §3.5.1: attributes left out are to be cleared), and an IdP
 * that updates by PUT (Okta, OneLogin, Ping, authentik) relies on it: PUTs the user as read, without one optional attribute it
 * holds, and expects a GET to show that attribute gone; then PUTs the user back as read.
 */
export async function partialPutRoundTrip(context: CheckContext): Promise<CheckVerdict> {
  const { url } = context.target;
  const read = await context.send({ method: 'GET', url });
  const held = bodyOf(read);
  if (read.status !== 200 || !held) return { fail: `Expected a GET of the user; ${exchange(read)}.` };
  const attribute = LEFT_OUT_CANDIDATES.find((name) => typeof held[name] === 'string');
  if (!attribute) return { fail: `Expected the user to hold one of ${LEFT_OUT_CANDIDATES.join(', ')} to leave out of a PUT; it holds none.` };
  const value = held[attribute];
  const without = Object.fromEntries(Object.entries(held).filter(([name]) => name !== attribute));
  const put = async (what: string, body: Record<string, unknown>, expected: unknown): Promise<Step> => {
    const call = await context.send({ method: 'PUT', url, body });
    if (!call.ok) return { fail: `${what}: ${exchange(call)}` };
    const shown = await readBack(context.send, url, [valueIs(attribute, (user) => user[attribute], expected)], context.delay);
    return shown.applied ? lateStep(what, shown) : { fail: `${what}: ${exchange(call)}, but ${shown.differences.join('; ')}` };
  };
  return roundTrip(
    () => put(`PUT without ${attribute}`, without, undefined),
    () => put(`PUT with ${attribute} back`, held, value),
    `the user may be left without ${attribute}: set it to ${JSON.stringify(value)} by hand`,
  );
}
