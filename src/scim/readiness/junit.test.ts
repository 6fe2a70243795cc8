// @vitest-environment node
import { Window } from 'happy-dom';
import { expect, it } from 'vitest';
import { junitSchemaErrors } from '../../test-support/junit-schema';
import type { Criterion } from '../profiles/criterion';
import { readinessJunit } from './junit';
import type { Finding, ReadinessVerdict } from './run';
import { READINESS } from './table';

const [blocking, warned, undecided] = READINESS.okta as readonly Criterion[] as [Criterion, Criterion, Criterion];
const finding = (criterion: Criterion, answered: string): Finding => ({ criterion: criterion.id, expects: criterion.expects, source: criterion.source, answered, calls: [] });
const SERVER_TEXT = 'POST /Users answered 500 <html><b>"Oops" & \'so\'</b>\u0001';
const verdict: ReadinessVerdict = {
  profile: 'okta',
  ready: false,
  blockers: [finding(blocking, SERVER_TEXT)],
  warnings: [finding(warned, 'a warning')],
  undecided: [{ criterion: undecided.id, weight: undecided.weight, why: 'update did not run' }],
  calls: [],
  leftBehind: [],
};

it('quotes server text as XML text: a failure for the blocker, skipped for undecided, system-out for a warning', () => {
  const document = new new Window().DOMParser().parseFromString(readinessJunit([verdict]), 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  const cases = [...document.getElementsByTagName('testcase')];
  expect(cases).toHaveLength(READINESS.okta.length);
  const byId = (id: string) => {
    const found = cases.find((testcase) => testcase.getAttribute('name')?.startsWith(`${id}:`));
    if (!found) throw new Error(`No testcase for ${id}`);
    return found;
  };
  const failure = byId(blocking.id).getElementsByTagName('failure')[0];
  expect(failure?.getAttribute('message')).toBe(SERVER_TEXT.replace('\u0001', ''));
  expect(failure?.textContent).toContain(`Source: ${blocking.source.document}`);
  expect(byId(blocking.id).getElementsByTagName('b')).toHaveLength(0);
  expect(byId(undecided.id).getElementsByTagName('skipped')[0]?.textContent).toBe('update did not run');
  expect(byId(warned.id).getElementsByTagName('system-out')[0]?.textContent).toContain('Warning: a warning');
  expect(document.getElementsByTagName('testsuite')[0]?.getAttribute('skipped')).toBe('1');
  expect(cases.filter((testcase) => testcase.children.length === 0)).toHaveLength(READINESS.okta.length - 3);
});

it("validates against Jenkins' JUnit XML schema, a ready verdict and one with a blocker, a warning and an undecided criterion", async () => {
  const ready: ReadinessVerdict = { ...verdict, profile: 'entra', ready: true, blockers: [], warnings: [], undecided: [] };
  expect(await junitSchemaErrors(readinessJunit([ready]))).toEqual([]);
  expect(await junitSchemaErrors(readinessJunit([verdict, ready]))).toEqual([]);
});
