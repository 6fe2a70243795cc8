import type { BatchController } from '../batch/controller';
import type { BatchState } from '../batch/state';
import type { GeneratorConfig } from '../page/config';
import { parts } from '../public/parts';
import { diagnosisBrief } from '../scim/diagnosis/diagnosis-text';
import type { ScimCall } from '../scim/http/call';
import { ActionBar } from './ActionBar';
import { CheckReport } from './CheckReport';
import { HarDownload } from './HarDownload';
import { LineDetails } from './LineDetails';
import { MemberUsers } from './MemberUsers';
import { Notice } from './Notice';
import { noticeFor } from './notice-kind';
import { Readiness } from './Readiness';
import { ResultLineItem } from './ResultLineItem';

interface ResultsProps {
  batch: BatchState;
  config: GeneratorConfig;
  controller: BatchController;
  /** The calls of the item at `index`, read from the batch's call log. */
  callsOf(index: number): ScimCall[];
}

/**
 * What a batch shows once it has answered: the 401/429 notice in place of the lines, or the note
 * and the lines; then the action bar, Check's report and Download HAR; and, batch or not, the readiness run.
 */
export function Results({ batch, config, controller, callsOf }: ResultsProps) {
  const first = batch.lines[0];
  // A diagnosed line's Details show the probes that found its cause, after its own calls.
  const probes = batch.calls.filter((call) => call.purpose === 'probe');
  // The calls that belong to no item: the reads of the server's schema, the member users' POSTs, the probes (Check's are in its report).
  const batchCalls = batch.calls.filter((call) => call.item === undefined && call.purpose !== 'check');
  const notice = noticeFor(first?.status);
  // A wall is told in full on its first line, then briefly on the others.
  const walled = batch.lines.find(({ diagnosis }) => diagnosis !== undefined);
  const briefOf = (line: (typeof batch.lines)[number]) =>
    line.diagnosis && line !== walled ? diagnosisBrief(line.diagnosis, config.baseUrl) : undefined;
  const nothingSent = batch.lines.length > 0 && batch.lines.every(({ diagnosis }) => diagnosis === 'mixed-content');
  return (
    <>
      {notice && first ? (
        <Notice
          kind={notice}
          first={first}
          keyChanged={batch.keyChanged}
          config={config}
          onPlanLinkClick={(planCard) => controller.session?.selectPlanCardLater(config.planCardSelector, planCard)}
        />
      ) : (
        batch.lines.length > 0 && (
          <>
            {batch.note && <p part={parts('note')}>{batch.note}</p>}
            {batchCalls.length > 0 && (
              <div part={parts('batch-calls')} className="batch-calls">
                <LineDetails calls={batchCalls} subject="the calls of the batch that belong to no item" label="Batch calls" />
              </div>
            )}
            <ul part={parts('results')}>
              {batch.lines.map((line) => (
                <ResultLineItem
                  key={line.key}
                  line={line}
                  calls={line.diagnosis ? [...callsOf(line.index), ...probes] : callsOf(line.index)}
                  outcome={batch.actions?.outcomes[line.index]}
                  brief={briefOf(line)}
                />
              ))}
            </ul>
          </>
        )
      )}
      {!notice && batch.actions && <MemberUsers users={batch.actions.memberUsers} />}
      {!notice && batch.actions && (
        <ActionBar state={batch.actions} checks={batch.checks} onRun={(action) => controller.session?.runAction(action)} onCheck={() => controller.session?.runChecks()} />
      )}
      {!notice && batch.checks && batch.checks.results.length > 0 && <CheckReport state={batch.checks} />}
      {/* After a 401 there is nothing to inspect: the notice says all there is. */}
      {/* Nor when the browser refused every call as mixed content: nothing was sent, and the lines say why. */}
      {!batch.running && batch.calls.length > 0 && notice !== 'unauthenticated' && !nothingSent && <HarDownload calls={batch.calls} />}
      <Readiness config={config} />
    </>
  );
}
