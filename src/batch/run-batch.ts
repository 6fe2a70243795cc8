import { SimpleFaker } from '@faker-js/faker';
import { readApiKey } from '../page/api-key';
import type { GeneratorConfig } from '../page/config';
import { COMPLETE_EVENT, RESULT_EVENT } from '../public/event-names';
import { callsOf, type ScimCall } from '../scim/http/call';
import { needsDiagnosis } from '../scim/diagnosis/diagnosis';
import { PROFILE_MODULES } from '../scim/profiles';
import { ignoredLocation } from '../scim/flows/ignored-location';
import { createThenAddMembers, type ItemEnd } from '../scim/flows/sequence';
import { withKeyShown } from '../scim/secrets/key-token';
import type { ScimRecord } from '../scim/records/schemas';
import { recordName } from '../scim/records/records';
import type { ResourceSchema } from '../scim/server-schema/definitions';
import { fitMembers } from '../scim/server-schema/fit-members';
import { BatchActions, type FollowUpHooks } from './actions';
import { CallLog, type CallSettings } from './call-log';
import { OwnedResources } from '../scim/http/owned';
import { BatchChecks } from './checks';
import { FollowUps } from './follow-ups';
import { noteKeyAnswer } from './key-refusals';
import { rememberCreatedUser } from './known-users';
import { confinedFetch } from './confined-fetch';
import { actionTargets } from './created';
import { diagnoseBatch, explained, explainedCall, pageFacts, pageFetch, type PageFacts } from './diagnose';
import { addMembers, type MemberPlan } from './members';
import type { BatchResult, ItemResult } from './results';
import { discoverSchema } from './server-schemas';
import type { BatchState } from './state';
import type { KnownUser } from '../scim/records/members';
import type { Made } from './left-on-server';
import { memberUsersOf } from './own-members';

/** What the batch's items and follow-ups share: the call log, what it owns, and the users its groups took members from. */
interface BatchParts {
  log: CallLog;
  owned: OwnedResources;
  memberUsers?: readonly KnownUser[];
  /** Ends the hold on those users the batch took when it picked them: its actions hold them from then on. */
  releasePicked?: () => void;
}

/** How a running batch reaches its element: the state it shows and the events it dispatches. */
export interface BatchHooks {
  /** Aborts when the batch is abandoned (a new press, the element left the page): nothing more reaches the element. */
  signal: AbortSignal;
  /** Unique across the element's batches, for the lines' keys. */
  batchId: string;
  update(change: Partial<BatchState>): void;
  emit(type: string, detail: unknown): void;
  /** What the batch has made so far, each time it has made more, until it has finished: kept across a reload (see left-on-server.ts). */
  made(made: Made): void;
  /** The batch has finished: what can follow it (Deactivate, Delete, Check). */
  finished(followUps: FollowUps): void;
}

/**
 * Makes and sends one batch's records. With `schema="discover"` it first reads the server's
 * schema (see discoverSchema) and has the records fitted to it; a Groups batch that adds members
 * then finds the users they can take (see addMembers). Then it sends all items at once, each
 * item's calls in its sequence (the spec's POST, or the profile's IdP's order), every call into
 * the batch's log, and reports each finished item and the whole batch.
 */
export function runBatch(
  config: GeneratorConfig,
  makeRecords: (schema?: ResourceSchema) => ScimRecord[],
  { apiKey, addMembers: addingMembers, edited = [] }: { apiKey: string | null; addMembers: boolean; edited?: readonly boolean[] },
  batchHooks: BatchHooks,
): void {
  // The events are public: their requests show the key as `$SCIM_TOKEN`, not as the log's token.
  const hooks: BatchHooks = { ...batchHooks, emit: (type, detail) => batchHooks.emit(type, withKeyShown(detail)) };
  const { signal } = hooks;
  const log = new CallLog();
  // What the batch makes is its own only as its calls' answers show (see OwnedResources); its own writes go through the same guard.
  const owned = new OwnedResources([]);
  const page = pageFacts();
  const settings: CallSettings = { apiKey, timeoutMs: config.timeoutMs, signal, ...pageFetch(page, config.baseUrl) };
  const notes: string[] = [];
  const note = (text: string | undefined) => {
    if (text) notes.push(text);
    hooks.update({ note: notes.join(' ') || undefined, calls: log.calls });
  };

  // Runs up to its first await in the press's task: without discovery or members, the calls go out at once.
  const run = async () => {
    let schema: ResourceSchema | undefined;
    if (config.schema === 'discover') {
      const reading = await discoverSchema(config, log.sender(settings));
      if (signal.aborted) return;
      if (reading.ok) schema = reading.value;
      note(reading.ok ? undefined : `The server's schema could not be read (${reading.reason}), so the records follow the ${config.profile} profile.`);
    }
    let records: ScimRecord[];
    try {
      records = makeRecords(schema);
    } catch (error) {
      hooks.update({ running: false, error: messageOf(error), calls: log.calls });
      return;
    }
    if (config.resourceType !== 'Groups' || !addingMembers) return sendItems(config, { records, patches: [], edited }, { log, owned }, { settings, page }, hooks);
    const added = await addMembers(records, config, owned.guard(log.sender(settings)));
    const releasePicked = added.release ?? (() => {});
    if (signal.aborted) return releasePicked();
    signal.addEventListener('abort', releasePicked, { once: true });
    note(added.note);
    // Members come after the records were fitted: they too send only what the schema declares.
    const plan = schema ? fitMembers(schema, added.plan.records, added.plan.patches) : added.plan;
    sendItems(config, asEdited(plan, records, edited), { log, owned, memberUsers: added.users, releasePicked }, { settings, page }, hooks, added.stoppedBy);
  };
  // Whatever a server answered, the batch ends: with the reason in place of the lines if it stopped before them.
  run().catch((error: unknown) => {
    if (!signal.aborted) hooks.update({ running: false, error: `The batch stopped: ${messageOf(error)}`, calls: log.calls });
  });
}

/**
 * Where the new values of the actions and Check's round trips (Update, Rename) come from: with
 * `seed`, a sequence of its own for each batch of the page, so the same presses send the same
 * values after every page load.
 */
function followUpFaker(seed: number | undefined, batchId: string): SimpleFaker {
  const faker = new SimpleFaker();
  if (seed !== undefined) faker.seed([seed, Number(batchId)]);
  return faker;
}

/** What the items send: an edited record goes as the reader wrote it, without the members a plan would add (issue 52). */
interface ItemsPlan extends MemberPlan {
  /** Which records the reader edited before the press. */
  edited: readonly boolean[];
}

const asEdited = ({ records, patches }: MemberPlan, written: ScimRecord[], edited: readonly boolean[]): ItemsPlan => ({
  records: records.map((record, index) => (edited[index] ? (written[index] ?? record) : record)),
  patches: patches.map((patch, index) => (edited[index] ? undefined : patch)),
  edited,
});

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs every item; when a lookup before the batch was refused (401, 429), each item ends with that
 * answer instead. An item that got no answer shows its line at once; its result event waits until
 * the last item has ended and the batch has found out why (see diagnoseBatch).
 */
function sendItems(
  config: GeneratorConfig,
  { records, patches, edited }: ItemsPlan,
  parts: BatchParts,
  { settings, page }: { settings: CallSettings; page: PageFacts },
  hooks: BatchHooks,
  stoppedBy?: ScimCall,
): void {
  const { log, owned } = parts;
  const results: ItemResult[] = [];
  let madeCount = 0;
  const lines: BatchState['lines'][number][] = [];
  const unexplained: number[] = [];
  const sequence = config.flow === 'create' ? createThenAddMembers : PROFILE_MODULES[config.profile].sequences[config.resourceType];
  records.forEach((record, index) => {
    const ended: Promise<ItemEnd> = stoppedBy
      ? Promise.resolve({ decided: stoppedBy })
      : sequence({ record, membersPatch: patches[index], urls: config, send: owned.guard(log.sender(settings, index)) });
    void ended.then(({ decided, verdict }) => {
      if (hooks.signal.aborted) return;
      rememberCreatedUser(config.baseUrl, record, decided);
      noteKeyAnswer(config.baseUrl, decided);
      const { purpose, item, ...outcome } = decided;
      const ok = decided.ok && !verdict?.failed;
      const said = [verdict?.text, ignoredLocation(config.endpoint, decided)].filter((text) => text !== undefined).join('. ');
      const line = {
        ...outcome,
        ok,
        index,
        record,
        ...(edited[index] ? { edited: true as const } : {}),
        ...(ok ? { name: recordName(record) } : {}),
        ...(said ? { verdict: said } : {}),
      };
      const result: ItemResult = { ...line, calls: callsOf(log.calls, index) };
      results[index] = result;
      // What the batch has made so far, as its actions will take it (see finish): from now on a reload strands nothing an answer named.
      const targets = actionTargets(config.endpoint, Object.values(results)).filter(({ url }) => owned.owns(url));
      const memberUsers = memberUsersOf(parts.memberUsers ?? []);
      if (targets.length + memberUsers.length > madeCount) hooks.made({ resourceType: config.resourceType, targets, memberUsers });
      madeCount = targets.length + memberUsers.length;
      lines.push({ ...line, key: `${hooks.batchId}-${index}` });
      const running = lines.length < records.length;
      if (needsDiagnosis(result)) unexplained.push(index);
      else hooks.emit(RESULT_EVENT, result);
      hooks.update({ lines: [...lines], running: running || unexplained.length > 0, calls: log.calls });
      if (running) return;
      if (unexplained.length === 0) return finish(config, results, parts, hooks);
      // The probes go without the key, and never past base-url's origin (see confinedFetch).
      const confined = confinedFetch(new URL(config.baseUrl).origin);
      void diagnoseBatch(log.calls, config.baseUrl, page, log.sender({ ...(confined ? { fetch: confined.fetch } : {}), ...settings, apiKey: null })).then((diagnosis) => {
        confined?.close();
        if (hooks.signal.aborted) return;
        const explain = <T extends Omit<ItemResult, 'calls'>>(entry: T) => explained(entry, diagnosis, page, config.baseUrl);
        log.revise((call) => explainedCall(call, diagnosis, page, config.baseUrl));
        results.forEach((result, index) => (results[index] = { ...result, calls: callsOf(log.calls, index) }));
        hooks.update({ lines: lines.map(explain), running: false, calls: log.calls });
        for (const index of unexplained) hooks.emit(RESULT_EVENT, (results[index] = explain(results[index] as ItemResult)));
        finish(config, results, parts, hooks);
      });
    });
  });
}

/** The batch has finished: offers its follow-ups (Deactivate, Delete, Check) and says so. */
function finish(config: GeneratorConfig, results: ItemResult[], { log, owned, memberUsers, releasePicked }: BatchParts, hooks: BatchHooks): void {
  const faker = followUpFaker(config.seed, hooks.batchId);
  const hooksFor = <State>(change: (state: State) => Partial<BatchState>): FollowUpHooks<State> => ({
    readApiKey,
    onChange: (state) => hooks.update({ ...change(state), calls: log.calls }),
    emit: hooks.emit,
  });
  const followed = { ...config, batch: Number(hooks.batchId) };
  const actions = new BatchActions(followed, actionTargets(config.endpoint, results), log, hooksFor((state) => ({ actions: state })), faker, owned, memberUsers);
  releasePicked?.();
  const checks = new BatchChecks(followed, actions.targets, log, hooksFor((state) => ({ checks: state })), faker, owned);
  hooks.finished(new FollowUps(actions, checks));
  hooks.update({ actions: actions.state, checks: checks.available ? checks.state : undefined });
  hooks.emit(COMPLETE_EVENT, { results, calls: log.calls } satisfies BatchResult);
}
