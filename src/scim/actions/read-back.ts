import type { ScimCallOptions, ScimResult } from '../http/client';
import { isJsonObject, jsonBodyOf } from '../http/json';

type Resource = Record<string, unknown>;

/** One thing an action meant to leave on the server, and how to say that the server kept something else. */
export interface Expectation {
  holds(resource: Resource): boolean;
  /** e.g. `the server still has title "Engineer"`. */
  kept(resource: Resource): string;
}

/** What a GET after an action showed: whether the server now holds what the action meant, and what differed. */
export interface ReadBack {
  applied: boolean;
  /** Each thing the server kept, in one clause each; empty when applied. */
  differences: string[];
  /** When only the second look showed it applied: how long after the first. */
  appliedAfterMs?: number;
}

/** `attribute` now reads `expected`; else the line names the value the server kept. */
export function valueIs(attribute: string, read: (resource: Resource) => unknown, expected: unknown): Expectation {
  return {
    holds: (resource) => read(resource) === expected,
    kept: (resource) => {
      const value = read(resource);
      return value === undefined ? `the server has no ${attribute}` : `the server still has ${attribute} ${JSON.stringify(value)}`;
    },
  };
}

/** The member ids a group resource lists; undefined when it lists no `members` at all. */
export const memberIdsIn = (resource: Resource): string[] | undefined =>
  Array.isArray(resource.members) ? resource.members.flatMap((member) => (isJsonObject(member) && typeof member.value === 'string' ? [member.value] : [])) : undefined;

/** A member is gone from the group, and the others are still in it where the server lists members at all. */
export function memberRemoved(id: string, others: readonly string[]): Expectation[] {
  const gone: Expectation = {
    holds: (resource) => !memberIdsIn(resource)?.includes(id),
    kept: () => 'the member is still in the group',
  };
  // RFC 7644 §3.5.2.2 removes the values the filter selects, and no others.
  const missing = (resource: Resource) => others.filter((other) => !(memberIdsIn(resource) ?? others).includes(other));
  const othersKept: Expectation = {
    holds: (resource) => missing(resource).length === 0,
    kept: (resource) => `the server also dropped ${missing(resource).length} other member${missing(resource).length === 1 ? '' : 's'}`,
  };
  return [gone, othersKept];
}

/** Every one of `ids` is a member, where the server lists members at all (RFC 7643 §4.2). */
export function membersPresent(ids: readonly string[]): Expectation {
  const missing = (resource: Resource) => ids.filter((id) => !(memberIdsIn(resource) ?? ids).includes(id));
  return {
    holds: (resource) => missing(resource).length === 0,
    kept: (resource) => `the group still lacks ${missing(resource).join(', ')}`,
  };
}

const answered = ({ status, statusText }: ScimResult) => `${status} ${statusText}`.trim();

/** How long the read-back waits before its second look, when the first showed the old value. */
export const SECOND_LOOK_MS = 1000;

/** Waits `ms`; a test passes its own (fake timers, or none). */
export type Delay = (ms: number) => Promise<void>;
const wait: Delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What one GET showed, against what the action meant. */
async function look<C extends ScimResult>(
  send: (request: Pick<ScimCallOptions, 'method' | 'url'>) => Promise<C>,
  url: string,
  expectations: readonly Expectation[],
): Promise<{ verdict: ReadBack; kept: boolean }> {
  const call = await send({ method: 'GET', url });
  const body = call.response?.truncated ? undefined : jsonBodyOf(call);
  if (call.status === 404) return { verdict: { applied: false, differences: [`the resource is gone (the read-back GET answered ${answered(call)})`] }, kept: false };
  if (!call.ok || !isJsonObject(body)) {
    const what = call.response?.truncated ? 'a body cut short' : call.ok ? 'no JSON resource' : answered(call);
    return { verdict: { applied: false, differences: [`the read-back GET answered ${what}`] }, kept: false };
  }
  const differences = expectations.filter((expectation) => !expectation.holds(body)).map((expectation) => expectation.kept(body));
  return { verdict: { applied: differences.length === 0, differences }, kept: differences.length > 0 };
}

/** Looks once, and once more after SECOND_LOOK_MS when the first look showed the old state; a change there now was `appliedAfterMs` late. */
async function withSecondLook(lookOnce: () => Promise<{ verdict: ReadBack; kept: boolean }>, delay: Delay): Promise<ReadBack> {
  const first = await lookOnce();
  if (!first.kept) return first.verdict;
  await delay(SECOND_LOOK_MS);
  const { verdict } = await lookOnce();
  return verdict.applied ? { ...verdict, appliedAfterMs: SECOND_LOOK_MS } : verdict;
}

/**
 * GETs the resource the action changed and compares it with what the action meant (RFC 7644
 * §3.4.1: a GET returns the resource as the server holds it). A 404 says the resource is gone; any
 * other answer without a JSON resource says what came instead. When the GET shows an old value, a
 * server that applies writes a moment later (eventual consistency) would be judged too soon: the
 * read-back looks once more after SECOND_LOOK_MS, and a change there now was `appliedAfterMs` late.
 */
export function readBack<C extends ScimResult>(
  send: (request: Pick<ScimCallOptions, 'method' | 'url'>) => Promise<C>,
  url: string,
  expectations: readonly Expectation[],
  delay: Delay = wait,
): Promise<ReadBack> {
  return withSecondLook(() => look(send, url, expectations), delay);
}

/**
 * GETs a resource after its DELETE: a deleted resource answers 404 (RFC 7644 §3.6), so a 404 is
 * applied; a 2xx finds it still there (`noun`: `user` or `group`), and earns the second look, as a
 * kept value does in readBack; any other answer says what came instead.
 */
export function readBackGone<C extends ScimResult>(
  send: (request: Pick<ScimCallOptions, 'method' | 'url'>) => Promise<C>,
  url: string,
  noun: string,
  delay: Delay = wait,
): Promise<ReadBack> {
  return withSecondLook(async () => {
    const call = await send({ method: 'GET', url });
    if (call.status === 404) return { verdict: { applied: true, differences: [] }, kept: false };
    const difference = call.ok ? `a GET still finds the ${noun}` : `the read-back GET answered ${answered(call)}`;
    return { verdict: { applied: false, differences: [difference] }, kept: call.ok };
  }, delay);
}
