import type { Criterion } from '../profiles/criterion';
import { IDP_NAMES } from './names';
import type { ReadinessVerdict } from './run';
import { READINESS } from './table';

// JUnit XML as CI systems read it (the Ant/Surefire dialect: testsuites > testsuite > testcase, with
// <failure> and <skipped>; https://github.com/testmoapp/junitxml): one suite per IdP, one case per criterion,
// a failure per blocker, skipped when undecided. Warnings pass, their text in <system-out>.
// Valid against Jenkins' JUnit schema (src/test-support/jenkins-junit.xsd), whose <skipped> takes text and no
// attribute: the reason is its text, which Jenkins' junit plugin (CaseResult.getSkippedMessage) and GitLab
// (Gitlab::Ci::Parsers::Test::Junit) show.

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Server text is quoted here: escaped, and stripped of the control characters XML 1.0 cannot carry. */
// eslint-disable-next-line no-control-regex
const xml = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string);

function testcase(suite: string, criterion: Criterion, verdict: ReadinessVerdict): string {
  const open = `    <testcase classname="${xml(suite)}" name="${xml(criterion.id)}: ${xml(criterion.expects)}">`;
  const blocker = verdict.blockers.find(({ criterion: id }) => id === criterion.id);
  const warning = verdict.warnings.find(({ criterion: id }) => id === criterion.id);
  const undecided = verdict.undecided.find(({ criterion: id }) => id === criterion.id);
  const source = `${criterion.source.document}, ${criterion.source.section} (${criterion.source.url})`;
  if (blocker) return `${open}\n      <failure message="${xml(blocker.answered)}" type="blocker">${xml(`Expects: ${criterion.expects}.\nSource: ${source}\nAnswered: ${blocker.answered}`)}</failure>\n    </testcase>`;
  if (undecided) return `${open}\n      <skipped>${xml(undecided.why)}</skipped>\n    </testcase>`;
  if (warning) return `${open}\n      <system-out>${xml(`Warning: ${warning.answered}\nSource: ${source}`)}</system-out>\n    </testcase>`;
  return `${open}</testcase>`;
}

/** The verdicts as a JUnit XML report: one testsuite per IdP, one testcase per criterion its table declares. */
export function readinessJunit(verdicts: readonly ReadinessVerdict[]): string {
  const suites = verdicts.map((verdict) => {
    const criteria = READINESS[verdict.profile];
    const name = `SCIM readiness for ${IDP_NAMES[verdict.profile]}`;
    const cases = criteria.map((criterion) => testcase(name, criterion, verdict));
    return [`  <testsuite name="${xml(name)}" tests="${criteria.length}" failures="${verdict.blockers.length}" errors="0" skipped="${verdict.undecided.length}">`, ...cases, '  </testsuite>'].join('\n');
  });
  const failures = verdicts.reduce((sum, { blockers }) => sum + blockers.length, 0);
  const tests = verdicts.reduce((sum, { profile }) => sum + READINESS[profile].length, 0);
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="scim-generator ready" tests="${tests}" failures="${failures}">`, ...suites, '</testsuites>', ''].join('\n');
}
