/** CPU time this process has used, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * How long the event loop went without running a 1 ms timer while `work` ran: the longest stretch
 * of synchronous work, by `work` or anything else the process did meanwhile. Counted in CPU time
 * rather than wall time, so other processes taking turns on a busy machine (a test run, CI) do not
 * lengthen it; on an idle machine the two are the same. For tests.
 */
export async function longestBlockMs(work: () => Promise<unknown>): Promise<number> {
  let last = cpuMs();
  let longest = 0;
  let running = true;
  const tick = () => {
    const now = cpuMs();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  await work();
  running = false;
  return Math.max(longest, cpuMs() - last);
}

/**
 * The least of `runs` measures of `work`, after one run to warm up: compiling code for the first
 * time or a garbage collection can lengthen any one run.
 */
export async function leastBlockMs(work: () => Promise<unknown>, runs = 3): Promise<number> {
  await work();
  const measured: number[] = [];
  for (let run = 0; run < runs; run++) measured.push(await longestBlockMs(work));
  return Math.min(...measured);
}
