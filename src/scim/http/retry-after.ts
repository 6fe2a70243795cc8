import type { ScimResult } from './client';

/**
 * When a rate-limited client may try again, from a `Retry-After` header (RFC 9110 §10.2.3):
 * either a number of seconds after the response arrived, or an HTTP date. Null when the header is
 * absent or neither.
 */
export function retryAt(header: string | undefined, receivedAt: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return receivedAt + Number(value) * 1000;
  // Every HTTP-date form names its month; Date.parse alone would take "-5" or "1.5" for dates.
  if (!MONTH.test(value)) return null;
  // The asctime form carries no zone, but like the others it is in GMT.
  const date = Date.parse(/\bGMT$/i.test(value) ? value : `${value} GMT`);
  return Number.isNaN(date) ? null : date;
}

const MONTH = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\b/i;

const UNITS = [
  // Up to two of a unit reads better in the next smaller one ("in 90 minutes", not "in 2 hours").
  { unit: 'day', seconds: 86400, from: 2 * 86400 },
  { unit: 'hour', seconds: 3600, from: 2 * 3600 },
  { unit: 'minute', seconds: 60, from: 60 },
] as const;

/** "in 15 minutes", "in 30 seconds", or "now" once the time has come. */
export function retryDelayText(retryTime: number, now: number): string {
  const seconds = Math.ceil((retryTime - now) / 1000);
  if (seconds <= 0) return 'now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  const { unit, seconds: size } = UNITS.find(({ from }) => seconds >= from) ?? { unit: 'second', seconds: 1 };
  return format.format(Math.ceil(seconds / size), unit);
}

/** A `Retry-After` further ahead than this many days is capped, and shown as "more than" them. */
export const MAX_RETRY_DAYS = 7;
const MAX_SHOWN_HEADER = 24;

export interface RetryTime {
  /** When (ms since the epoch). */
  time: number;
  /** How long after the answer arrived, e.g. "in 15 minutes": the notice shows as the answer arrives. */
  delay: string;
  /** The header as the server sent it (cut to a few characters), when it named a time past MAX_RETRY_DAYS. */
  capped?: string;
}

/**
 * When the server that answered this call says to try again; null when it does not say. An
 * absurd value (`Retry-After: 9000000000000`, past any date a browser can show) is capped.
 */
export function retryTimeOf({ response, startedAt, durationMs }: ScimResult): RetryTime | null {
  const receivedAt = Date.parse(startedAt) + durationMs;
  const header = response?.headers['retry-after'];
  const time = retryAt(header, receivedAt);
  if (time === null || header === undefined) return null;
  const latest = receivedAt + MAX_RETRY_DAYS * 86400 * 1000;
  if (time <= latest) return { time, delay: retryDelayText(time, receivedAt) };
  const shown = header.trim();
  return {
    time: latest,
    delay: `in more than ${MAX_RETRY_DAYS} days`,
    capped: shown.length > MAX_SHOWN_HEADER ? `${shown.slice(0, MAX_SHOWN_HEADER - 1)}…` : shown,
  };
}
