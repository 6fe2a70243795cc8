// @vitest-environment node
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import type { ScimCall } from '../http/call';
import { API_KEY_TOKEN } from '../secrets/key-token';
import { curl } from '../snippets/curl';
import { ENTRA_READINESS } from '../profiles/entra';
import { readinessReportMarkdown, verdictLine } from './report';
import type { ReadinessVerdict } from './run';

const call = {
  purpose: 'rename',
  status: 400,
  request: { method: 'PATCH', url: 'https://scim.example.com/scim/v2/Groups/g-1', headers: { Authorization: `Bearer ${API_KEY_TOKEN}` }, body: { Operations: [{ op: 'Replace' }] } },
} as unknown as ScimCall;

const criterion = ENTRA_READINESS.find(({ id }) => id === 'patch-op-case');
if (!criterion) throw new Error('patch-op-case is an Entra criterion');

const verdict = (answered: string, overrides: Partial<ReadinessVerdict> = {}): ReadinessVerdict => ({
  profile: 'entra',
  ready: false,
  blockers: [{ criterion: criterion.id, expects: criterion.expects, source: criterion.source, answered, calls: [call] }],
  warnings: [],
  undecided: [],
  calls: [call],
  leftBehind: [],
  ...overrides,
});

describe('verdictLine', () => {
  it('says ready, or counts blockers, warnings and undecided criteria', () => {
    expect(verdictLine(verdict('x', { ready: true, blockers: [] }))).toBe('Ready for Entra');
    expect(verdictLine(verdict('x'))).toBe('Entra: 1 blocker');
    const two = verdict('x');
    expect(verdictLine({ ...two, blockers: [...two.blockers, ...two.blockers], warnings: two.blockers, undecided: [{ criterion: 'rename-group', weight: 'blocker', why: 'rename did not run' }] })).toBe(
      'Entra: 2 blockers, 1 warning, 1 undecided',
    );
  });
});

describe('readinessReportMarkdown', () => {
  it('gives each blocker its expectation, source sentence and address, the answer, and its calls with the key read from SCIM_TOKEN', () => {
    const report = readinessReportMarkdown([verdict('Expected a 2xx; PATCH /scim/v2/Groups/g-1 answered 400.')], curl);
    expect(report).toContain('- Entra: 1 blocker');
    expect(report).toContain('### Entra blocker: patch-op-case');
    expect(report).toContain(criterion.source.sentence);
    expect(report).toContain(criterion.source.url);
    expect(report).toContain('$SCIM_TOKEN');
    expect(report).not.toContain(API_KEY_TOKEN);
  });

  it.each(['<img src=x onerror=alert(1)>', '![t](http://attacker.example/p.png)', '[click](https://attacker.example/)'])('renders the server text %j as text', (answered) => {
    const html = new MarkdownIt({ html: true, linkify: true }).render(readinessReportMarkdown([verdict(answered)], curl));
    expect(html).not.toMatch(/<img|attacker\.example\/"|href="https:\/\/attacker/);
  });
});
