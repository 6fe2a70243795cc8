// @vitest-environment node
import fc from 'fast-check';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { parseConfig, type GeneratorConfig } from '../page/config';
import { COMPLETE_EVENT, RESULT_EVENT } from '../public/event-names';
import type { ScimRecord } from '../scim/records/schemas';
import { deferredFetch, type PendingCall } from '../test-support/deferred-fetch';
import { BatchController } from './controller';
import { batchRuntime } from './load-runtime';
import type { BatchResult, ItemResult } from './results';

const TIMEOUT_MS = 1000;

type Outcome = number | 'network error';

type Action =
  | { kind: 'press'; active: boolean }
  /** Answers one of the calls not answered yet (of any press; a call already aborted ignores it). */
  | { kind: 'answer'; pick: number; outcome: Outcome }
  /** Lets time pass: calls left unanswered this long time out. */
  | { kind: 'wait'; ms: number };

const actionArbitrary: fc.Arbitrary<{ action: Action; settle: boolean }> = fc.record({
  action: fc.oneof(
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('press' as const), active: fc.boolean() }) },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('answer' as const),
        pick: fc.nat(),
        outcome: fc.oneof(fc.constantFrom(201, 400, 401, 409, 429, 500, 503), fc.constant('network error' as const)),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: TIMEOUT_MS }) }) },
  ),
  // Without settling, the next action (a press, say) comes before the answer is processed.
  settle: fc.boolean(),
});

const json = (record: ScimRecord) => JSON.stringify(record);

const reasonFor = (status: number) => `Reason ${status}`;

/** The status and status text the line of a call answered with this outcome shows. */
function lineFor(outcome: Outcome): { status: number; statusText: string } {
  return outcome === 'network error' ? { status: 0, statusText: 'Network error' } : { status: outcome, statusText: reasonFor(outcome) };
}

/** Lets every answered call run through the client and the controller. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

interface Press {
  calls: PendingCall[];
  results: ItemResult[];
  completions: BatchResult[];
}

async function run(resourceType: 'Users' | 'Groups', steps: { action: Action; settle: boolean }[]): Promise<void> {
  const attributes = { resourceType, baseUrl: 'https://scim.example.com/scim/v2', timeout: String(TIMEOUT_MS) };
  const parsed = parseConfig(attributes, 'https://docs.example.com/');
  if (!parsed.ok) throw new Error(parsed.message);
  const config: GeneratorConfig = parsed.config;
  const server = deferredFetch();
  vi.stubGlobal('fetch', server.fetch);
  // An element of a document without a window: events but no storage to watch.
  const host = Object.assign(new EventTarget(), { ownerDocument: { defaultView: null } }) as unknown as HTMLElement;
  const controller = new BatchController(host);
  const presses: Press[] = [];
  const current = () => presses.at(-1);
  const expected = new Map<PendingCall, { status: number; statusText: string }>();
  const answered = new Set<PendingCall>();

  const fromCurrentPress = (record: ScimRecord) => current()?.calls.some((call) => JSON.stringify(call.body) === json(record));
  controller.subscribe(() => {
    // No line of a superseded press ever appears, not even for a moment.
    const { lines } = controller.getState().batch;
    expect(lines.length).toBeLessThanOrEqual(10);
    expect(lines.every((line) => fromCurrentPress(line.record))).toBe(true);
  });
  host.addEventListener(RESULT_EVENT, (event) => {
    const { detail } = event as CustomEvent<ItemResult>;
    expect(fromCurrentPress(detail.record)).toBe(true);
    current()?.results.push(detail);
  });
  host.addEventListener(COMPLETE_EVENT, (event) => current()?.completions.push((event as CustomEvent<BatchResult>).detail));

  for (const { action, settle: shouldSettle } of steps) {
    if (action.kind === 'press') {
      controller.setChoices({ active: action.active });
      const before = server.calls.length;
      presses.push({ calls: [], results: [], completions: [] });
      controller.runBatch(config);
      // Ten calls, in the same task as the press.
      expect(server.calls.length - before).toBe(10);
      current()?.calls.push(...server.calls.slice(before));
    } else if (action.kind === 'answer') {
      const open = server.calls.filter((call) => !answered.has(call));
      const call = open[action.pick % Math.max(open.length, 1)];
      if (call) {
        answered.add(call);
        // An answer to a call already aborted (timed out, or its press superseded) goes nowhere.
        if (!call.signal.aborted) expected.set(call, lineFor(action.outcome));
        if (action.outcome === 'network error') call.fail();
        else call.respond(action.outcome, { statusText: reasonFor(action.outcome), contentType: 'text/plain' });
      }
    } else {
      await vi.advanceTimersByTimeAsync(action.ms);
    }
    if (shouldSettle) {
      await settle();
      // One timeout timer per call still waiting for an answer, and none left by a finished call.
      const waiting = server.calls.filter((call) => !answered.has(call) && !call.signal.aborted);
      expect(vi.getTimerCount()).toBe(waiting.length);
    }
  }

  // Whatever is still unanswered times out: the items, then the probes sent after them, one at a time.
  for (let round = 0; round < 3; round++) {
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    await settle();
  }

  expect(vi.getTimerCount()).toBe(0);
  const last = current();
  const { lines, running, error, calls } = controller.getState().batch;
  if (!last) {
    expect(lines).toEqual([]);
    return;
  }
  expect(running).toBe(false);
  expect(error).toBeUndefined();
  expect(lines).toHaveLength(10);
  expect(lines.map((line) => line.index).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(new Set(lines.map((line) => line.key)).size).toBe(10);
  for (const line of lines) {
    const call = last.calls[line.index];
    if (!call) throw new Error(`no call for index ${line.index}`);
    expect(json(line.record)).toBe(JSON.stringify(call.body));
    const { status, statusText } = expected.get(call) ?? { status: 0, statusText: 'Timed out' };
    // A line that got no answer names the cause the probes found in place of `Network error`.
    if (line.diagnosis) expect(statusText).toBe('Network error');
    const shown = line.diagnosis ? 'Network error' : line.statusText;
    expect({ status: line.status, statusText: shown, ok: line.ok }).toEqual({ status, statusText, ok: status === 201 });
  }
  expect(last.results).toHaveLength(10);
  expect(last.completions).toHaveLength(1);
  expect(last.completions[0]?.results.map((result) => result.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(last.completions[0]?.results.map((result) => result.status)).toEqual(
    last.calls.map((call) => expected.get(call)?.status ?? 0),
  );
  // The log holds the press's ten calls, in the order sent, then at most two probes without the key;
  // each result carries its own call.
  const [itemCalls, probes] = [calls.filter((call) => call.purpose !== 'probe'), calls.filter((call) => call.purpose === 'probe')];
  expect(itemCalls.map((call) => call.item)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(calls.slice(10)).toEqual(probes);
  expect(probes.length).toBeLessThanOrEqual(2);
  expect(probes.every((probe) => probe.item === undefined && !('Authorization' in probe.request.headers))).toBe(true);
  expect(last.completions[0]?.calls).toEqual(calls);
  for (const result of last.results) expect(result.calls).toEqual([itemCalls[result.index]]);
}

beforeAll(async () => {
  await batchRuntime.preload();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('ends every press that is not superseded with exactly ten lines, all from that press', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('Users' as const, 'Groups' as const),
      fc.array(actionArbitrary, { maxLength: 40 }),
      async (resourceType, steps) => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
        try {
          await run(resourceType, steps);
        } finally {
          vi.useRealTimers();
          vi.unstubAllGlobals();
        }
      },
    ),
    { numRuns: 150 },
  );
}, 120_000);
