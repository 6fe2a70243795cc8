import { readApiKey } from '../page/api-key';
import type { GeneratorConfig } from '../page/config';
import { emailDomainFor } from '../page/email-domains';
import { READINESS_COMPLETE_EVENT } from '../public/event-names';
import type { IdpProfile } from '../scim/profiles/names';
import { runReadiness, type ReadinessVerdict } from '../scim/readiness/run';

/** What the readiness view shows: the profile under way, if any, and the verdicts so far, in the order run. */
export interface ReadinessState {
  running: IdpProfile | undefined;
  verdicts: readonly ReadinessVerdict[];
}

/**
 * One element's readiness runs, outside React so that a DOM move keeps the verdicts (as the batch
 * controller does). A run takes the profiles one after another, each on resources of its own, and
 * dispatches one event per verdict; a press while one is under way is ignored.
 */
export class ReadinessRuns {
  #state: ReadinessState = { running: undefined, verdicts: [] };
  #listeners = new Set<() => void>();

  constructor(private readonly host: HTMLElement) {}

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getState = (): ReadinessState => this.#state;

  /** Resolves once the run is over; with the message that says why it ran nothing, when the page's `email-domain` is not a domain name. */
  async run(config: GeneratorConfig, profiles: readonly IdpProfile[]): Promise<string | undefined> {
    if (this.#state.running) return;
    const domain = emailDomainFor(config);
    if ('problem' in domain) return domain.problem;
    const verdicts: ReadinessVerdict[] = [];
    for (const profile of profiles) {
      this.#set({ running: profile, verdicts: [...verdicts] });
      const verdict = await runReadiness({ baseUrl: config.baseUrl, profile, apiKey: readApiKey(), timeoutMs: config.timeoutMs, seed: config.seed, emailDomain: domain.domain });
      verdicts.push(verdict);
      this.host.dispatchEvent(new CustomEvent(READINESS_COMPLETE_EVENT, { detail: verdict, bubbles: true, composed: true }));
    }
    this.#set({ running: undefined, verdicts });
  }

  #set(state: ReadinessState): void {
    this.#state = state;
    this.#listeners.forEach((listener) => listener());
  }
}

const runs = new WeakMap<HTMLElement, ReadinessRuns>();

export function readinessRunsFor(host: HTMLElement): ReadinessRuns {
  let found = runs.get(host);
  if (!found) {
    found = new ReadinessRuns(host);
    runs.set(host, found);
  }
  return found;
}
