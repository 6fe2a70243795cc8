import { SimpleFaker } from '@faker-js/faker';
import { readBackGone } from '../actions/read-back';
import { performAction, removeMember, renameGroup, updateUser, type ActionContext, type ActionTarget } from '../actions/table';
import { userChanges } from '../actions/user-changes';
import { exchange, listOf, type Check, type CheckContext } from '../checks/check';
import { GROUP_CHECKS } from '../checks/group-checks';
import { shortfall } from '../checks/round-trips';
import { USER_CHECKS } from '../checks/user-checks';
import { groupName } from '../fake/job';
import { readLookup } from '../flows/lookup';
import { matchingFilter } from '../flows/sequence';
import type { CallPurpose, ScimCall, SendCall } from '../http/call';
import { sendScim } from '../http/client';
import { bodyOf } from '../http/list-response';
import { OwnedResources } from '../http/owned';
import { queryUrl } from '../http/query-url';
import { resourceUrl } from '../http/resource-url';
import { scimUrl } from '../http/scim-url';
import { PROFILE_MODULES } from '../profiles';
import { knownUser, type KnownUser } from '../records/members';
import { userMaker } from '../records/on-email-domain';
import type { ResourceType, ScimRecord, ScimUser } from '../records/schemas';
import type { Criterion, RecordedSteps, Source, Step, StepId } from '../profiles/criterion';
import { READINESS, type IdpProfile } from './table';

export interface ReadinessOptions {
  /** The SCIM base URL, e.g. `https://example.com/scim/v2`. */
  baseUrl: string;
  profile: IdpProfile;
  /** Sent only as `Authorization: Bearer …` to `baseUrl`; `null` sends no Authorization header. Ignored when `send` is given. */
  apiKey?: string | null;
  /** Sends one call (the element's logged sender); by default the run's own, with `apiKey`, `fetch` and `timeoutMs`. */
  send?: SendCall;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Stops the cycle between steps; the deletion at the end runs all the same. */
  signal?: AbortSignal;
  /** Makes the run's records (and new values) reproducible. */
  seed?: number;
  /** The domain of every userName and e-mail of the users the run makes (a valid one: parseEmailDomain). */
  emailDomain?: string | undefined;
}

/** One criterion not met: what the IdP expects, from which document, what the server answered, and the calls that show it. */
export interface Finding {
  criterion: string;
  expects: string;
  source: Source;
  answered: string;
  calls: ScimCall[];
}

export interface ReadinessVerdict {
  profile: IdpProfile;
  /** No blocker, and every blocker criterion decided. */
  ready: boolean;
  blockers: Finding[];
  warnings: Finding[];
  /** Criteria whose steps did not run (an earlier step made nothing for them to act on), and why. */
  undecided: { criterion: string; weight: Criterion['weight']; why: string }[];
  /** Every call of the run, in the order sent. */
  calls: ScimCall[];
  /** The URLs of resources the run made and could not delete. */
  leftBehind: string[];
}

/** How many users the run makes: two, so that a group keeps a member when one is removed. */
const USERS = 2;
const DEFAULT_TIMEOUT_MS = 30_000;

/** The Check row each `check:` step runs, by its step. */
const CHECK_ROWS: Partial<Record<StepId, { rows: Check[]; id: string }>> = {
  'check:lookup-ignoring-case': { rows: USER_CHECKS, id: 'lookup-ignoring-case' },
  'check:duplicate-user': { rows: USER_CHECKS, id: 'duplicate' },
  'check:unknown-id': { rows: USER_CHECKS, id: 'unknown-id' },
  'check:work-email-lookup': { rows: USER_CHECKS, id: 'work-email-lookup' },
  'check:lookup-without-members': { rows: GROUP_CHECKS, id: 'lookup-without-members' },
  'check:duplicate-group': { rows: GROUP_CHECKS, id: 'duplicate' },
};

interface Made {
  resourceType: ResourceType;
  target: ActionTarget;
}

/** `DELETE` left the resource gone: a 2xx, or 404 (RFC 7644 §3.6). */
const gone = (call: ScimCall) => call.ok || call.status === 404;

function ownSender({ apiKey = null, fetch, timeoutMs = DEFAULT_TIMEOUT_MS }: ReadinessOptions, signal: AbortSignal): SendCall {
  return async (request, purpose) => ({ ...(await sendScim({ ...request, apiKey, timeoutMs, signal, ...(fetch ? { fetch } : {}) })), purpose });
}

/**
 * Runs one IdP's whole cycle against a SCIM server, on resources the run creates: its discovery,
 * users created in its flow, checks its own tests require, a group pushed with members, an update
 * in its dialect, a deactivation, a member removed, the group renamed; then deletes everything it
 * made, whatever failed, and names what it could not delete. Each criterion of the IdP's table is
 * decided from the calls of its steps. No write goes to a resource the run did not create
 * (OwnedResources). Never rejects for a server's answer.
 */
export async function runReadiness(options: ReadinessOptions): Promise<ReadinessVerdict> {
  const { baseUrl, profile } = options;
  const criteria = READINESS[profile];
  const wanted = new Set(criteria.flatMap((criterion) => criterion.steps));
  const module = PROFILE_MODULES[profile];
  const faker = new SimpleFaker();
  if (options.seed !== undefined) faker.seed(options.seed);
  const signal = options.signal ?? new AbortController().signal;
  // The deletion at the end is not abandoned with the cycle.
  const cleanupSend = options.send ?? ownSender(options, new AbortController().signal);
  const cycleSend = options.send ?? ownSender(options, signal);
  const owned = new OwnedResources([]);
  const adopted: string[] = [];
  const calls: ScimCall[] = [];
  const steps: RecordedSteps = {};
  const made: Made[] = [];
  const endpoints = { Users: scimUrl(baseUrl, ['Users']), Groups: scimUrl(baseUrl, ['Groups']) };

  const stepSender = (id: StepId, via: SendCall = cycleSend): { step: Step; send: SendCall } => {
    const step: Step = (steps[id] ??= { calls: [] });
    const guarded = owned.guard(via);
    return {
      step,
      send: async (request, purpose) => {
        const call = await guarded(request, purpose);
        // What a create made is the run's at once: a group's members PATCH follows its POST.
        const where = purpose === 'create' && call.status === 201 && call.id ? resourceUrl(request.url, call.id, call.location) : undefined;
        if (where && 'url' in where) owned.adopt(where.url);
        calls.push(call);
        step.calls.push(call);
        return call;
      },
    };
  };
  const fail = (step: Step, text: string, shown: ScimCall[] = step.calls) => {
    step.failure ??= { text, calls: shown };
  };
  const actionContext = (target: ActionTarget, send: SendCall, purpose: CallPurpose): ActionContext<ScimCall> => ({ target, faker, send: (request) => send(request, purpose) });

  /** A lookup of a name nothing has: an IdP's Test Connection, and Okta's "Test invalid User by username". */
  async function discover(): Promise<void> {
    const { step, send } = stepSender('discover');
    // Records made for the run and never sent: names no server has yet.
    const probes: [ResourceType, ScimRecord][] = [['Users', userMaker(module.users(faker, true), options.emailDomain)()]];
    if (profile === 'entra') probes.push(['Groups', module.group(faker)]);
    for (const [resourceType, record] of probes) {
      const query: [string, string][] = resourceType === 'Groups' ? [['excludedAttributes', 'members']] : [];
      const call = await send({ method: 'GET', url: queryUrl(endpoints[resourceType], [...query, ['filter', matchingFilter(record)]]) }, 'discover');
      const read = readLookup(call, record);
      if (!('found' in read && !read.found)) fail(step, `Expected an empty ListResponse; ${exchange(call)}${'stop' in read ? `: ${read.stop}` : ''}.`, [call]);
    }
  }

  /** Keeps what a create made, so that it is deleted at the end; undefined when it made nothing the run can own. */
  function keep(resourceType: ResourceType, record: ScimRecord, created: ScimCall | undefined): Made | undefined {
    if (!created?.ok || created.status !== 201 || !created.id) return undefined;
    const where = resourceUrl(endpoints[resourceType], created.id, created.location);
    if ('refused' in where) return undefined;
    const kept = { resourceType, target: { id: created.id, url: where.url, record, memberIds: [], deactivated: false, deleted: false } };
    made.push(kept);
    return kept;
  }

  async function createUsers(): Promise<Made[]> {
    const { step, send } = stepSender('create-users');
    const makeUser = userMaker(module.users(faker, true), options.emailDomain);
    const users: Made[] = [];
    for (let index = 0; index < USERS && !signal.aborted; index++) {
      const record = makeUser();
      const end = await module.sequences.Users({ record, membersPatch: undefined, urls: { baseUrl, endpoint: endpoints.Users }, send });
      const user = end.verdict ? undefined : keep('Users', record, end.decided);
      if (user) users.push(user);
      else fail(step, end.verdict?.text ?? `Expected 201 Created with an id; ${exchange(end.decided)}.`, [end.decided]);
    }
    return users;
  }

  /** Okta's SPEC test "Test Users endpoint": the first page of one user, as a ListResponse with its numbers. */
  async function listUsers(): Promise<void> {
    const { step, send } = stepSender('list-users');
    const call = await send({ method: 'GET', url: queryUrl(endpoints.Users, [['count', '1'], ['startIndex', '1']]) }, 'check');
    const list = listOf(call);
    const body = bodyOf(call);
    const first = 'notList' in list ? undefined : list.resources[0];
    const numbers = ['totalResults', 'startIndex', 'itemsPerPage'].filter((name) => typeof body?.[name] !== 'number');
    if ('notList' in list) fail(step, `Expected a ListResponse; ${exchange(call)}, ${list.notList}.`);
    else if (numbers.length > 0) fail(step, `Expected numeric totalResults, startIndex and itemsPerPage; ${exchange(call)} without a number in ${numbers.join(', ')}.`);
    else if (typeof first?.id !== 'string' || typeof first.userName !== 'string') fail(step, `Expected a user with id and userName in Resources; ${exchange(call)} without one.`);
  }

  async function runCheck(id: StepId, target: Made): Promise<void> {
    const row = CHECK_ROWS[id];
    const check = row?.rows.find((candidate) => candidate.id === row.id);
    if (!check) throw new Error(`No Check row for ${id}`);
    const context: Omit<CheckContext, 'send'> = {
      target: { resourceType: target.resourceType, record: target.target.record, id: target.target.id, url: target.target.url, memberIds: [...target.target.memberIds] },
      urls: { baseUrl, endpoint: endpoints[target.resourceType] },
      profile,
      dialect: module.dialect,
      faker,
      namedIds: () => new Set(calls.flatMap((call) => (call.id === undefined ? [] : [call.id]))),
      // The run's resources are its own: no page's action reaches them.
      changedByPage: () => undefined,
      adopt: (url) => {
        owned.adopt(url);
        adopted.push(url);
      },
    };
    if (check.applies && !check.applies(context)) return;
    const { step, send } = stepSender(id);
    const verdict = await check.run({ ...context, send: (request) => send(request, 'check') });
    if ('fail' in verdict) fail(step, verdict.fail);
  }

  async function createGroup(users: readonly Made[]): Promise<Made | undefined> {
    const { step, send } = stepSender('create-groups');
    const record = module.group(faker);
    const members: KnownUser[] = users.map(({ target }) => {
      const user = target.record as ScimUser;
      return knownUser(target.id, user.userName, user.displayName ?? user.userName, target.url, baseUrl);
    });
    const style = module.members;
    if ('inline' in style && members.length > 0) record.members = style.inline(members);
    const membersPatch = 'patch' in style && members.length > 0 ? style.patch(members) : undefined;
    const end = await module.sequences.Groups({ record, membersPatch, urls: { baseUrl, endpoint: endpoints.Groups }, send });
    const group = keep('Groups', record, step.calls.find((call) => call.purpose === 'create'));
    if (end.verdict || !end.decided.ok || !group) fail(step, end.verdict?.text ?? `Expected the group created with its members; ${exchange(end.decided)}.`, [end.decided]);
    else group.target.memberIds = members.map(({ id }) => id);
    return group;
  }

  async function update(user: Made): Promise<void> {
    const { step, send } = stepSender('update');
    const changes = userChanges(faker, user.target.record as ScimUser);
    const end = await updateUser(module.dialect.update, changes, actionContext(user.target, send, 'update'));
    const short = shortfall(`Update (${changes.map(({ attribute }) => attribute).join(', ')})`, end);
    if (short) fail(step, `${short}.`);
  }

  async function deactivate(user: Made): Promise<void> {
    const { step, send } = stepSender('deactivate');
    // In the IdP's form: a PATCH, or a PUT of the user (Okta's AIW, OneLogin, Ping, authentik).
    const short = shortfall('Deactivate', await performAction('deactivate', module.dialect, actionContext(user.target, send, 'deactivate')));
    if (short) fail(step, `${short}.`);
  }

  async function removeOneMember(group: Made): Promise<void> {
    const [memberId, ...others] = group.target.memberIds;
    if (memberId === undefined) return;
    const { step, send } = stepSender('remove-member');
    const short = shortfall('Remove members', await removeMember(module.dialect['remove-members'], memberId, others, actionContext(group.target, send, 'remove-members')));
    if (short) fail(step, `${short}.`);
  }

  async function rename(group: Made): Promise<void> {
    const { step, send } = stepSender('rename');
    const short = shortfall('Rename', await renameGroup(module.dialect.rename, groupName(faker), actionContext(group.target, send, 'rename')));
    if (short) fail(step, `${short}.`);
  }

  /** Deletes what the run made, groups first (a group names its members), whatever else happened. */
  async function deleteAll(): Promise<string[]> {
    const { send } = stepSender('delete', cleanupSend);
    const leftBehind: string[] = [];
    for (const { target } of [...made].reverse()) {
      const call = await send({ method: 'DELETE', url: target.url }, 'delete');
      // Read back as the element's Delete is: a DELETE answered 204 by a server that keeps the resource left it behind.
      const kept = gone(call) && !(await readBackGone((request) => send(request, 'delete'), target.url, 'resource')).applied;
      if (!gone(call) || kept) leftBehind.push(target.url);
    }
    // A duplicate Check adopted is deleted by Check itself; name it when that DELETE failed. (An
    // unknown id's URL, adopted only so that its writes pass the guard, made nothing to delete.)
    for (const url of adopted) {
      const last = calls.filter(({ request }) => request.method === 'DELETE' && request.url === url).at(-1);
      if (last && !gone(last)) leftBehind.push(url);
    }
    return leftBehind;
  }

  const checksOf = (ids: StepId[], target: Made | undefined) => ids.filter((id) => wanted.has(id) && target).reduce((done, id) => done.then(() => (signal.aborted ? undefined : runCheck(id, target as Made))), Promise.resolve());

  const leftBehind: string[] = [];
  try {
    await discover();
    const users = signal.aborted ? [] : await createUsers();
    const [first, last] = [users[0], users.at(-1)];
    if (first && wanted.has('list-users') && !signal.aborted) await listUsers();
    await checksOf(['check:lookup-ignoring-case', 'check:duplicate-user', 'check:unknown-id', 'check:work-email-lookup'], first);
    const group = signal.aborted ? undefined : await createGroup(users);
    await checksOf(['check:lookup-without-members', 'check:duplicate-group'], group);
    if (first && !signal.aborted) await update(first);
    if (last && !signal.aborted) await deactivate(last);
    if (group && !signal.aborted) await removeOneMember(group);
    if (group && !signal.aborted) await rename(group);
  } finally {
    leftBehind.push(...(await deleteAll()));
  }
  return verdictOf(profile, criteria, steps, calls, leftBehind);
}

/** Decides each criterion from the recorded steps. */
export function verdictOf(profile: IdpProfile, criteria: readonly Criterion[], steps: RecordedSteps, calls: ScimCall[], leftBehind: string[]): ReadinessVerdict {
  const verdict: ReadinessVerdict = { profile, ready: false, blockers: [], warnings: [], undecided: [], calls, leftBehind };
  for (const criterion of criteria) {
    const decision = criterion.decide(steps);
    if ('undecided' in decision) verdict.undecided.push({ criterion: criterion.id, weight: criterion.weight, why: decision.undecided });
    else if (!decision.met) {
      const finding = { criterion: criterion.id, expects: criterion.expects, source: criterion.source, answered: decision.answered, calls: decision.calls };
      (criterion.weight === 'blocker' ? verdict.blockers : verdict.warnings).push(finding);
    }
  }
  verdict.ready = verdict.blockers.length === 0 && !verdict.undecided.some(({ weight }) => weight === 'blocker');
  return verdict;
}
