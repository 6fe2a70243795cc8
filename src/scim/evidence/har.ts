import type { ScimCall } from '../http/call';
import type { ScimRequest, ScimResult } from '../http/client';
import { shownHeaders } from '../secrets/key-token';

/**
 * A HAR 1.2 log of recorded calls (http://www.softwareishard.com/blog/har-12-spec/), as Chromium's
 * DevTools imports it: one entry per call, with request, response, bodies and timings. Requests
 * show the key as `$SCIM_TOKEN`; nothing here sees the key itself.
 */

interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text?: string; comment?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
    /** Why no response arrived, as Chromium records a failed request. */
    _error?: string;
  };
  cache: Record<string, never>;
  /** What the call was for, and the item of the batch it belongs to. */
  comment: string;
  timings: { blocked: -1; dns: -1; connect: -1; ssl: -1; send: number; wait: number; receive: number };
}

export interface Har {
  log: { version: '1.2'; creator: { name: string; version: string }; pages: []; entries: HarEntry[] };
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;
const headerList = (headers: Record<string, string>): HarHeader[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

function harRequest({ method, url, headers, body }: ScimRequest): HarEntry['request'] {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return {
    method,
    url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: headerList(shownHeaders(headers)),
    queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
    ...(text === undefined ? {} : { postData: { mimeType: headers['Content-Type'] ?? '', text } }),
    headersSize: -1,
    bodySize: text === undefined ? 0 : utf8Length(text),
  };
}

function harResponse(result: ScimResult): HarEntry['response'] {
  const { response } = result;
  const text = response?.text ?? '';
  return {
    status: response?.status ?? 0,
    statusText: response?.statusText ?? result.statusText,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: headerList(response?.headers ?? {}),
    content: {
      size: utf8Length(text),
      mimeType: response?.headers['content-type'] ?? '',
      ...(text ? { text } : {}),
      ...(response?.truncated ? { comment: 'The body was cut: longer than 256 KB, stalled, or unfinished in time.' } : {}),
    },
    redirectURL: response && response.status >= 300 && response.status < 400 ? (response.headers.location ?? '') : '',
    headersSize: -1,
    bodySize: response ? utf8Length(text) : 0,
    ...(response ? {} : { _error: [result.statusText, result.detail].filter(Boolean).join(': ') }),
  };
}

function harEntry(call: ScimCall): HarEntry {
  const wait = call.response?.waitMs ?? call.durationMs;
  return {
    startedDateTime: call.startedAt,
    time: call.durationMs,
    request: harRequest(call.request),
    response: harResponse(call),
    cache: {},
    comment: call.item === undefined ? call.purpose : `${call.purpose}, item ${call.item + 1}`,
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait, receive: Math.max(0, call.durationMs - wait) },
  };
}

/** The calls as a HAR 1.2 log, in the order given; response bodies are the text received. */
export function harOf(calls: readonly ScimCall[], creator: { name: string; version: string }): Har {
  return { log: { version: '1.2', creator, pages: [], entries: calls.map(harEntry) } };
}

/** A file name for a HAR saved at `date`, e.g. `scim-generator-2026-11-22T10-30-00.har`. */
export function harFileName(date: Date): string {
  return `scim-generator-${date.toISOString().slice(0, 19).replaceAll(':', '-')}.har`;
}
