import type { BatchResult } from '../../src/entries/index';
import type { ScimRecord } from '../../src/scim/records/schemas';
import { isUser, recordName } from '../../src/scim/records/records';

// What a test reads off the element, shared by the Playwright (Chromium) and the Firefox suites.

export interface RenderedLine {
  /** The line's `part` attribute, e.g. `result success`. */
  part: string;
  /** The outcome a reader gets, e.g. `201 Created Jane Doe` (decorative markers and the Details disclosure left out). */
  text: string;
}

/** Runs in the page: the result lines `host` shows right now, in display order. Self-contained. */
export function readResultLines(host: Element): RenderedLine[] {
  return [...(host.shadowRoot?.querySelectorAll('[part~="result"]') ?? [])].map((line) => {
    const readable = line.cloneNode(true) as Element;
    readable.querySelectorAll('[aria-hidden="true"], [part~="details-button"], [part~="details"]').forEach((left) => left.remove());
    return {
      part: line.getAttribute('part') ?? '',
      text: (readable.textContent ?? '').replace(/\s+/g, ' ').trim(),
    };
  });
}

/** Lines sorted by text: lines appear in the order responses arrive, which varies. */
export function sortByText(lines: RenderedLine[]): RenderedLine[] {
  return [...lines].sort((a, b) => a.text.localeCompare(b.text));
}

/** The lines a batch whose every record was created must show, sorted as `sortByText`. */
export function createdLinesFor(batch: BatchResult): RenderedLine[] {
  return sortByText(batch.results.map(({ record }) => ({ part: 'result success', text: `201 Created ${recordName(record)}` })));
}

/** The attribute a SCIM server keeps unique: `userName` of a user, `displayName` of a group. */
export function uniqueName(record: ScimRecord): string {
  return isUser(record) ? record.userName : record.displayName;
}
