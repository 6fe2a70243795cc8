import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ReadinessState } from '../batch/readiness';
import type { GeneratorConfig } from '../page/config';
import { batchRuntime } from '../batch/load-runtime';
import { parts } from '../public/parts';
import type { IdpProfile } from '../scim/profiles/names';
import type { Finding, ReadinessVerdict } from '../scim/readiness/run';
import { IDP_NAMES, idpProfiles } from '../scim/readiness/names';
import { readinessJson, readinessReportMarkdown, verdictLine } from '../scim/readiness/report';
import { CopyButton } from './CopyButton';
import { LineDetails } from './LineDetails';
import { Message } from './Message';
import readinessStyles from './readiness.css?inline';
import { saveFile } from './save-file';
import { useSnippetTarget } from './snippet-choice';
import { SnippetChoice } from './SnippetChoice';


const IDLE: ReadinessState = { running: undefined, verdicts: [] };
const NO_RUNS = { subscribe: () => () => undefined, getState: () => IDLE };

function FindingItem({ weight, profile, finding }: { weight: string; profile: IdpProfile; finding: Finding }) {
  const { source } = finding;
  const subject = `${IDP_NAMES[profile]} ${weight}: ${finding.criterion}`;
  return (
    <li>
      <strong>{weight}</strong> {finding.criterion}: expects {finding.expects}. Answered: {finding.answered}{' '}
      <span className="source">
        ({source.document}, {source.section}: “{source.sentence}” <a href={source.url}>source</a>)
      </span>
      {finding.calls.length > 0 && <LineDetails calls={finding.calls} subject={subject} />}
    </li>
  );
}

function VerdictItem({ verdict }: { verdict: ReadinessVerdict }) {
  const { profile, ready, blockers, warnings, undecided, leftBehind } = verdict;
  return (
    <li part={parts('readiness-verdict')} className={`result ${ready ? 'success' : 'error'}`}>
      <span className="marker" aria-hidden="true">
        {ready ? '✓' : '✗'}
      </span>
      {verdictLine(verdict)}
      {(blockers.length > 0 || warnings.length > 0 || undecided.length > 0 || leftBehind.length > 0) && (
        <ul className="findings">
          {blockers.map((finding) => (
            <FindingItem key={`b-${finding.criterion}`} weight="Blocker" profile={profile} finding={finding} />
          ))}
          {warnings.map((finding) => (
            <FindingItem key={`w-${finding.criterion}`} weight="Warning" profile={profile} finding={finding} />
          ))}
          {undecided.map(({ criterion, why }) => (
            <li key={`u-${criterion}`}>
              <strong>Undecided</strong> {criterion}: {why}
            </li>
          ))}
          {leftBehind.length > 0 && (
            <li>
              <strong>Left behind</strong> (the DELETE failed; delete by hand): {leftBehind.join(', ')}
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

/**
 * "Ready for Entra? Okta?": a button per IdP profile of `readiness` (and All), each running that
 * IdP's whole cycle on resources of its own (batch/readiness.ts); then a verdict line per IdP, its
 * blockers and warnings with their sources and calls, Copy report and Download JSON.
 */
export function Readiness({ config }: { config: GeneratorConfig }) {
  const { module, failed } = useSyncExternalStore(batchRuntime.subscribe, batchRuntime.state);
  // The element it is rendered in, found from its shadow root: the runs and their events are that element's.
  const section = useRef<HTMLElement>(null);
  const [host, setHost] = useState<HTMLElement>();
  useLayoutEffect(() => setHost((section.current?.getRootNode() as ShadowRoot | undefined)?.host as HTMLElement | undefined), []);
  const runs = (host && module?.readinessRunsFor(host)) ?? NO_RUNS;
  const { running, verdicts } = useSyncExternalStore(runs.subscribe, runs.getState);
  // Why the last press here ran nothing (see ReadinessRuns.run); a new press, or a new batch's view, forgets it.
  const [problem, setProblem] = useState<string>();
  const target = useSnippetTarget();
  const start = (profiles: readonly IdpProfile[]) => {
    setProblem(undefined);
    if (host) {
      void batchRuntime.preload().then(
        ({ readinessRunsFor }) => readinessRunsFor(host).run(config, profiles).then(setProblem),
        () => undefined,
      );
    }
  };
  const named = idpProfiles(config.readiness);
  if ('message' in named) {
    return <Message>{named.message}</Message>;
  }
  const { profiles: offered } = named;
  const choices: [string, readonly IdpProfile[]][] = offered.map((profile) => [`Ready for ${IDP_NAMES[profile]}?`, [profile]]);
  if (offered.length > 1) choices.push([`Ready for all ${offered.length}?`, offered]);
  return (
    <section ref={section} className="readiness" aria-label="Readiness">
      <style>{readinessStyles}</style>
      <p className="readiness-buttons">
        {choices.map(([label, profiles]) => (
          <button key={label} type="button" part={parts('readiness')} disabled={running !== undefined} onClick={() => start(profiles)}>
            {label}
          </button>
        ))}
      </p>
      {failed && <Message>Could not load the readiness run. Press again to retry.</Message>}
      {problem && <Message>{problem}</Message>}
      <div aria-live="polite" aria-busy={running !== undefined}>
        {running && <p className="progress">Running {IDP_NAMES[running]}’s cycle…</p>}
        {verdicts.length > 0 && (
          <ul>
            {verdicts.map((verdict) => (
              <VerdictItem key={verdict.profile} verdict={verdict} />
            ))}
          </ul>
        )}
      </div>
      {!running && verdicts.length > 0 && (
        <p>
          <CopyButton label="Copy report" text={() => readinessReportMarkdown(verdicts, target)} /> <SnippetChoice />{' '}
          <button type="button" part={parts('readiness-download')} onClick={() => saveFile(`scim-readiness-${new Date().toISOString().replaceAll(':', '-')}.json`, readinessJson(verdicts))}>
            Download JSON
          </button>
        </p>
      )}
    </section>
  );
}
