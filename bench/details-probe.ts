/**
 * Set up in the page before the first line's Details button is clicked (by Playwright, as a user
 * would): it times the click, from the input event's timestamp, to the first frame painted after
 * it (a task queued from the next animation frame runs once that frame is painted), and it
 * records every long task (over 50 ms) PerformanceObserver reports from then on.
 */
export const DETAILS_PROBE_SETUP = `(() => {
  const probe = { clickAt: null, paintAt: null, longTasks: [] };
  window.__scimDetails = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask' });
  const root = document.querySelector('scim-generator').shadowRoot;
  root.addEventListener('click', (event) => {
    if (probe.clickAt !== null) return;
    probe.clickAt = event.timeStamp;
    requestAnimationFrame(() => setTimeout(() => { probe.paintAt = performance.now(); }));
  }, true);
})()`;

export const DETAILS_PAINTED = 'window.__scimDetails.paintAt !== null';

/** What opening one Details panel cost, in milliseconds. */
export interface DetailsReadings {
  clickToPaint: number;
  /** The longest task that ended after the click; 0 when none took over 50 ms. */
  longestTask: number;
}

/**
 * Read once the frame after the click is painted, two frames later: a long task is reported only
 * after it has ended.
 */
export const DETAILS_READINGS_EXPRESSION = `(async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
  await frame();
  await frame();
  const probe = window.__scimDetails;
  const after = probe.longTasks.filter((task) => task.start + task.duration > probe.clickAt);
  return {
    clickToPaint: probe.paintAt - probe.clickAt,
    longestTask: Math.max(0, ...after.map((task) => task.duration)),
  };
})()`;
