import type { SimpleFaker } from '@faker-js/faker';
import { CHECK_COMPLETE_EVENT } from '../public/event-names';
import type { OwnedResources } from '../scim/http/owned';
import type { ScimCall, SendCall } from '../scim/http/call';
import type { CheckResult, CheckTarget } from '../scim/checks/check';
import { runChecks } from '../scim/checks/run-checks';
import { PROFILE_MODULES } from '../scim/profiles';
import type { ActionConfig, FollowUpHooks } from './actions';
import type { CallLog } from './call-log';
import { deletedByPage } from './known-users';
import type { ActionTarget } from '../scim/actions/table';
import type { ResourceType } from '../scim/records/schemas';

/** What Check shows: its results so far and their counts, and whether it is still running. */
export interface ChecksState extends Tally {
  running: boolean;
  results: readonly CheckResult[];
}

interface Tally {
  passed: number;
  failed: number;
  /** Failures of checks the IdP needs only in a setup that is not its default. */
  warned: number;
  skipped: number;
  /** Checks that could not run (a rate limit, this page's own changes): never counted as failed. */
  notChecked: number;
}

/** `detail` of the check complete event. */
export interface CheckReport extends Tally {
  results: CheckResult[];
  /** Every call of the run, in the order sent: the ServiceProviderConfig read first. */
  calls: ScimCall[];
}

/** Counts of a run's outcomes. */
function tally(results: readonly CheckResult[]): Tally {
  const count = (outcome: CheckResult['outcome']) => results.filter((result) => result.outcome === outcome).length;
  return { passed: count('pass'), failed: count('fail'), warned: count('warn'), skipped: count('skipped'), notChecked: count('not-checked') };
}

/**
 * The resource Check reads: of what the batch created and no action deleted, the first (a group
 * with members, when it has some), as the actions left it.
 */
function targetOf(resourceType: ResourceType, targets: readonly ActionTarget[]): CheckTarget | undefined {
  const live = targets.filter(({ deleted }) => !deleted);
  const chosen = live.find(({ memberIds }) => memberIds.length > 0) ?? live[0];
  return chosen && { resourceType, record: chosen.record, id: chosen.id, url: chosen.url, memberIds: [...chosen.memberIds] };
}

/**
 * Check: what an IdP's validator would try on what one finished batch created, each call logged in
 * the batch's call log. A new press, or the element leaving the page, abandons it: the check under
 * way still puts back what it changed, then the run stops, and nothing more reaches the element.
 */
export class BatchChecks {
  #state: ChecksState = { running: false, results: [], ...tally([]) };
  #stop: AbortController | undefined;

  constructor(
    private readonly config: ActionConfig,
    /** What the batch created, as the actions leave it. */
    private readonly targets: readonly ActionTarget[],
    private readonly log: CallLog,
    private readonly hooks: FollowUpHooks<ChecksState>,
    /** New values for the round trips: the batch's, so reproducible under `seed`. */
    private readonly faker: SimpleFaker,
    /** What the batch created: Check writes to nothing else but what it adopts. */
    private readonly owned: OwnedResources,
  ) {}

  /** Whether the batch created anything to check. */
  get available(): boolean {
    return this.targets.length > 0;
  }

  get state(): ChecksState {
    return this.#state;
  }

  abandon(): void {
    this.#stop?.abort();
    this.#stop = undefined;
  }

  run(): void {
    const target = targetOf(this.config.resourceType, this.targets);
    if (!target || this.#state.running) return;
    const stop = new AbortController();
    this.#stop = stop;
    const { baseUrl, endpoint, timeoutMs, profile } = this.config;
    // Its calls are not aborted with the run, so that a check always puts back what it changed; each has its timeout.
    const logged = this.owned.guard(this.log.sender({ apiKey: this.hooks.readApiKey(), timeoutMs, signal: new AbortController().signal }));
    const calls: ScimCall[] = [];
    const send: SendCall = (request, purpose) => logged(request, purpose).then((call) => (calls.push(call), call));
    const results: CheckResult[] = [];
    this.#set(true, results);
    const context = {
      target,
      urls: { baseUrl, endpoint },
      profile,
      dialect: PROFILE_MODULES[profile].dialect,
      faker: this.faker,
      changedByPage: (id: string) => (deletedByPage(id) ? "was deleted by this page's Delete" : undefined),
      namedIds: () => new Set(this.log.calls.flatMap(({ id }) => (id === undefined ? [] : [id]))),
      adopt: (url: string) => this.owned.adopt(url),
    };
    void runChecks(context, send, {
      signal: stop.signal,
      onResult: (result) => {
        if (stop.signal.aborted) return;
        results.push(result);
        this.#set(true, [...results]);
      },
    }).then(() => {
      if (stop.signal.aborted) return;
      this.#stop = undefined;
      this.#set(false, results);
      this.hooks.emit(CHECK_COMPLETE_EVENT, { results, ...tally(results), calls } satisfies CheckReport);
    });
  }

  #set(running: boolean, results: readonly CheckResult[]): void {
    this.#state = { running, results, ...tally(results) };
    this.hooks.onChange(this.#state);
  }
}
