/** A Chromium trace event, as much of it as the shares need. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/** What a trace event's own time is counted as, by its name; the first match wins. */
const KINDS: [kind: string, names: RegExp][] = [
  ['garbage collection', /GC|Scavenge|Sweep|Mark/],
  ['compiling script', /ompile|Parse(Script|Function)|v8\.(de)?serialize/],
  ['style', /UpdateLayoutTree|RecalcStyle|ParseAuthorStyleSheet|StyleInvalidat/],
  ['layout', /^Layout$|IntersectionObserver|HitTest/],
  ['paint and commit', /Paint|Layerize|Commit|Composit|UpdateLayer|Raster|Decode/],
  ['network events', /^Resource|^Network|ReceiveData|Loading/],
  ['script', /FunctionCall|EvaluateScript|EventDispatch|RunMicrotasks|TimerFire|v8\.|V8\.|Animation|Callback|Promise/],
];

const kindOf = (name: string) => KINDS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other (the task runner, IPC)';

/**
 * The renderer main thread's time, in ms, from the press (the click's EventDispatch) for
 * `windowMs`, by what it spent it on: each complete event's own time (less the events inside
 * it) under its kind, and the rest of the window as idle (waiting for the network). Events that
 * overlap without nesting would count twice; an own time below zero counts as none.
 */
export function mainThreadShares(events: TraceEvent[], windowMs: number): Record<string, number> {
  const click = events.find((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'click');
  if (!click) throw new Error('The trace has no click');
  const start = click.ts;
  const end = start + windowMs * 1000;
  const onThread = events
    .filter((event) => event.ph === 'X' && event.pid === click.pid && event.tid === click.tid && event.dur !== undefined)
    .filter((event) => event.ts < end && event.ts + (event.dur ?? 0) > start)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const shares: Record<string, number> = {};
  const add = (kind: string, micros: number) => (shares[kind] = (shares[kind] ?? 0) + micros / 1000);
  const clipped = (event: TraceEvent) => Math.min(end, event.ts + (event.dur ?? 0)) - Math.max(start, event.ts);
  // Each event's own time: its clipped span less the spans of the events directly inside it.
  const stack: { event: TraceEvent; own: number }[] = [];
  const close = (until: number) => {
    while (stack.length && (stack.at(-1)?.event.ts ?? 0) + (stack.at(-1)?.event.dur ?? 0) <= until) {
      const done = stack.pop();
      if (done) add(kindOf(done.event.name), Math.max(0, done.own));
    }
  };
  for (const event of onThread) {
    close(event.ts);
    const span = clipped(event);
    const parent = stack.at(-1);
    if (parent) parent.own -= span;
    stack.push({ event, own: span });
  }
  close(Infinity);
  const busy = Object.values(shares).reduce((sum, ms) => sum + ms, 0);
  shares['idle (waiting)'] = windowMs - busy;
  return shares;
}
