import type { SimpleFaker } from '@faker-js/faker';
import type { ActionKind } from '../http/call';
import type { PatchRequest, ScimCallOptions, ScimResult } from '../http/client';
import { isJsonObject, jsonBodyOf } from '../http/json';
import { groupName } from '../fake/job';
import { PATCH_OP_SCHEMA } from '../protocol';
import { isUser } from '../records/records';
import type { ResourceType, ScimRecord } from '../records/schemas';
import { memberRemoved, readBack, readBackGone, valueIs, type Delay, type ReadBack } from './read-back';
import { userChanges, type UserChange } from './user-changes';

/** A resource the batch created, as the actions see it; what an action changes on the server, it notes here. */
export interface ActionTarget {
  id: string;
  /** The resource's URL (under base-url). */
  url: string;
  /** The record the batch sent. */
  record: ScimRecord;
  /** The members the group still has of those the batch gave it. */
  memberIds: string[];
  deactivated: boolean;
  deleted: boolean;
}

export type ActionRequest = Pick<ScimCallOptions, 'method' | 'url' | 'body'>;

export interface ActionContext<C extends ScimResult> {
  target: ActionTarget;
  /** For new values (Update, Rename): the batch's own, so reproducible under `seed`. */
  faker: SimpleFaker;
  /** Sends one call of the action on this target into the batch's log. */
  send(request: ActionRequest): Promise<C>;
  /** The read-back's wait before its second look; a test passes its own. */
  delay?: Delay;
}

/** How an action ended on one resource: the call that decided it and, for an action that reads back, what the server then held. */
export interface ActionEnd<C extends ScimResult> {
  decided: C;
  readBack?: ReadBack;
}

/**
 * A PUT of the whole resource (RFC 7644 §3.5.1): built from what a GET of it returned (`put`: Okta's
 * users, and its AIW form's groups), or from the record the IdP holds, the one the batch sent, with
 * the id the server gave it (`replace`: authentik, OneLogin and Ping PUT what they hold, with no GET first).
 */
export type PutRequest =
  | { put(current: Record<string, unknown>): Record<string, unknown> }
  | { replace(record: Record<string, unknown>, id: string): Record<string, unknown> };
/** How an action writes: one PATCH, or a PUT of the resource changed. */
export type UpdateRequest = { patch: PatchRequest } | PutRequest;

// The forms of the actions' requests: a profile's dialect gives one of each (Dialect, below).
export type UpdateForm = (changes: readonly UserChange[]) => UpdateRequest;
export type ActiveForm = (active: boolean) => PatchRequest | PutRequest;
export type RemoveMemberForm = (memberId: string) => PatchRequest | PutRequest;
export type RenameForm = (group: { id: string; displayName: string }) => PatchRequest | PutRequest;

interface ActionRow<Form> {
  /** The button. */
  label: string;
  /** The action bar's text while it runs. */
  running: string;
  /** What a line says once it is done, once it failed, and once its write answered 2xx but the read-back showed otherwise. */
  done: string;
  failed: string;
  notApplied: string;
  /** How the action bar says what is left: `10 users this batch created can …`. */
  can: string;
  resourceTypes: readonly ResourceType[];
  /** The RFC 7644 form of the request, which a profile without its own uses. */
  rfc7644: Form;
  /** Whether the action can act on the resource now; a deleted one takes none. */
  applies?(target: ActionTarget): boolean;
  /** Whether the call that decided it left the resource as meant; default a 2xx. */
  isDone?(decided: ScimResult): boolean;
  /** Sends the action's calls for one resource, in the profile's form, and notes on the target what changed. */
  perform<C extends ScimResult>(form: Form, context: ActionContext<C>): Promise<ActionEnd<C>>;
}

const row = <Form>(definition: ActionRow<Form>) => definition;

/** A DELETE left the resource gone: a 2xx, or 404, since it is gone either way (RFC 7644 §3.6). */
const gone = ({ ok, status }: Pick<ScimResult, 'ok' | 'status'>) => ok || status === 404;

const patchOf = (...operations: PatchRequest['Operations']): PatchRequest => ({ schemas: [PATCH_OP_SCHEMA], Operations: operations });

/**
 * Every action on what a batch created, one row each: the one place an action is declared. Its
 * kind, the call purpose of its calls, its button, texts and event value derive from here; each
 * profile's dialect (profiles/) gives its own form of a row's request, else the row's RFC 7644 one.
 * The order is the action bar's.
 */
export const ACTIONS = {
  update: row({
    label: 'Update',
    running: 'Updating…',
    done: 'Updated',
    notApplied: 'Not updated',
    failed: 'Update failed',
    can: 'be updated',
    resourceTypes: ['Users'],
    // RFC 7644 §3.5.2.3: a `replace` per attribute, its path naming it.
    rfc7644: ((changes) => ({
      patch: patchOf(...changes.map(({ path, value }) => ({ op: 'replace', path, value }))),
    })) as UpdateForm,
    applies: (target) => isUser(target.record),
    async perform(form, context) {
      const { target } = context;
      if (!isUser(target.record)) throw new Error('Update needs a user');
      const changes = userChanges(context.faker, target.record);
      const end = await updateUser(form, changes, context);
      if (end.readBack?.applied) {
        // What the server now holds, for what follows (Check reads the user back by it).
        const record = structuredClone(target.record) as unknown as Record<string, unknown>;
        changes.forEach((change) => change.write(record, change.value));
        target.record = record as unknown as ScimRecord;
      }
      return end;
    },
  }),
  deactivate: row({
    label: 'Deactivate',
    running: 'Deactivating…',
    done: 'Deactivated',
    notApplied: 'Not deactivated',
    failed: 'Deactivate failed',
    can: 'be deactivated',
    resourceTypes: ['Users'],
    // RFC 7644 §3.5.2.3: a `replace` whose `path` names the attribute and whose `value` is the JSON
    // boolean. Microsoft documents this exact body as what Entra sends once the SCIM-compliant flag
    // `aadOptscim062020` is set ("Requests made to disable users", "With feature flag"):
    // learn.microsoft.com/entra/identity/app-provisioning/application-provisioning-config-problem-scim-compatibility.
    rfc7644: ((active) => patchOf({ op: 'replace', path: 'active', value: active })) as ActiveForm,
    applies: (target) => !target.deactivated && isUser(target.record),
    async perform(form, context) {
      // Whatever form the dialect sends (Entra's "False"), the resource holds the boolean (RFC 7643 §4.1.1).
      const end = await writeThenReadBack(asWrite(form(false)), [valueIs('active', (user) => user.active, false)], context);
      if (end.readBack?.applied) context.target.deactivated = true;
      return end;
    },
  }),
  'remove-members': row({
    label: 'Remove members',
    running: 'Removing members…',
    done: 'Removed a member',
    notApplied: 'Member not removed',
    failed: 'Remove members failed',
    can: 'lose a member',
    resourceTypes: ['Groups'],
    // RFC 7644 §3.5.2.2: `remove` with a path whose filter selects the member.
    rfc7644: ((memberId) => patchOf({ op: 'remove', path: `members[value eq ${JSON.stringify(memberId)}]` })) as RemoveMemberForm,
    applies: (target) => target.memberIds.length > 0,
    async perform(form, context) {
      const { target } = context;
      const [memberId, ...others] = target.memberIds;
      if (memberId === undefined) throw new Error('Remove members needs a member');
      const end = await removeMember(form, memberId, others, context);
      if (end.readBack?.applied) target.memberIds = others;
      return end;
    },
  }),
  rename: row({
    label: 'Rename',
    running: 'Renaming…',
    done: 'Renamed',
    notApplied: 'Not renamed',
    failed: 'Rename failed',
    can: 'be renamed',
    resourceTypes: ['Groups'],
    // RFC 7644 §3.5.2.3: `replace` of `displayName`.
    rfc7644: ((group) => patchOf({ op: 'replace', path: 'displayName', value: group.displayName })) as RenameForm,
    async perform(form, context) {
      const { target } = context;
      const displayName = groupName(context.faker);
      const end = await renameGroup(form, displayName, context);
      if (end.readBack?.applied) target.record = { ...target.record, displayName };
      return end;
    },
  }),
  delete: row({
    label: 'Delete',
    running: 'Deleting…',
    done: 'Deleted',
    notApplied: 'Not deleted',
    failed: 'Delete failed',
    can: 'be deleted',
    resourceTypes: ['Users', 'Groups'],
    rfc7644: null,
    isDone: gone,
    async perform(_form, { target, send, delay }) {
      const decided = await send({ method: 'DELETE', url: target.url });
      if (!gone(decided)) return { decided };
      // A 204 is not proof: the GET after it must answer 404 (RFC 7644 §3.6).
      const end = { decided, readBack: await readBackGone(send, target.url, isUser(target.record) ? 'user' : 'group', delay) };
      if (end.readBack.applied) target.deleted = true;
      return end;
    },
  }),
} satisfies Record<ActionKind, unknown>;

export type { ActionKind };

export const ACTION_KINDS = Object.keys(ACTIONS) as ActionKind[];

/** Each action's form of its request, as a profile speaks it. */
export type Dialect = { [Kind in ActionKind]: (typeof ACTIONS)[Kind]['rfc7644'] };

/** RFC 7644's forms, which a profile's dialect starts from. */
export const RFC7644_DIALECT = Object.fromEntries(ACTION_KINDS.map((kind) => [kind, ACTIONS[kind].rfc7644])) as Dialect;

/**
 * Sends Update's changes in the form given (one PATCH, or Okta's GET then PUT of what it returned,
 * changed), then reads the user back. Check sends it twice: the changes, then the old values.
 */
export async function updateUser<C extends ScimResult>(
  form: UpdateForm,
  changes: readonly UserChange[],
  context: ActionContext<C>,
): Promise<ActionEnd<C>> {
  const expectations = changes.map(({ attribute, read, value }) => valueIs(attribute, read, value));
  return writeThenReadBack(form(changes), expectations, context);
}

/** Writes to the resource in its form (writeResource), then reads it back, with its second look. */
async function writeThenReadBack<C extends ScimResult>(
  request: UpdateRequest,
  expectations: Parameters<typeof readBack>[2],
  context: ActionContext<C>,
): Promise<ActionEnd<C>> {
  const { decided, written } = await writeResource(request, context);
  if (!written || !decided.ok) return { decided };
  return { decided, readBack: await readBack(context.send, context.target.url, expectations, context.delay) };
}

/** A dialect's form of Deactivate, Remove members or Rename (a PATCH body, or a PUT) as the request that sends it. */
export const asWrite = (body: PatchRequest | PutRequest): UpdateRequest => ('put' in body || 'replace' in body ? body : { patch: body });

/**
 * Sends a write to the resource in its form: the PATCH; a GET, then a PUT of what it returned,
 * changed; or a PUT of the record the batch sent, changed. `written` is false where the GET before a
 * PUT ended it (its answer failed, or was not a JSON object): then `decided` is that GET.
 */
export async function writeResource<C extends ScimResult>(request: UpdateRequest, { target, send }: ActionContext<C>): Promise<{ decided: C; written: boolean }> {
  const put = (body: unknown) => send({ method: 'PUT', url: target.url, body });
  if ('patch' in request) return { decided: await send({ method: 'PATCH', url: target.url, body: request.patch }), written: true };
  if ('replace' in request) return { decided: await put(request.replace(structuredClone(target.record) as unknown as Record<string, unknown>, target.id)), written: true };
  const current = await send({ method: 'GET', url: target.url });
  const body = current.response?.truncated ? undefined : jsonBodyOf(current);
  if (!current.ok || !isJsonObject(body)) return { decided: current, written: false };
  return { decided: await put(request.put(body)), written: true };
}

/** Removes one member in the form given, then reads the group back: that member gone, the `others` still there. */
export const removeMember = <C extends ScimResult>(form: RemoveMemberForm, memberId: string, others: readonly string[], context: ActionContext<C>): Promise<ActionEnd<C>> =>
  writeThenReadBack(asWrite(form(memberId)), memberRemoved(memberId, others), context);

/** Gives the group `displayName` in the form given, then reads it back. */
export const renameGroup = <C extends ScimResult>(form: RenameForm, displayName: string, context: ActionContext<C>): Promise<ActionEnd<C>> =>
  writeThenReadBack(asWrite(form({ id: context.target.id, displayName })), [valueIs('displayName', (resource) => resource.displayName, displayName)], context);

/** Whether the action can act on the target now. */
export const appliesTo = (kind: ActionKind, target: ActionTarget): boolean =>
  !target.deleted && (ACTIONS[kind] as ActionRow<unknown>).applies?.(target) !== false;

/** Whether the call that decided an action left the resource as the action meant. */
export const isActionDone = (kind: ActionKind, decided: ScimResult): boolean => (ACTIONS[kind] as ActionRow<unknown>).isDone?.(decided) ?? decided.ok;

/** Sends the action's calls for one target in the dialect given. */
export function performAction<C extends ScimResult>(kind: ActionKind, dialect: Dialect, context: ActionContext<C>): Promise<ActionEnd<C>> {
  return (ACTIONS[kind] as ActionRow<unknown>).perform(dialect[kind], context);
}
