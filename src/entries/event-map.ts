import type { ActionItemResult, ActionResult } from '../batch/actions';
import type { CheckReport } from '../batch/checks';
import type { BatchResult, ItemResult } from '../batch/results';
import type { EVENT_TABLE } from '../public/events';
import type { ReadinessVerdict } from '../scim/readiness/run';

/**
 * The detail type of each event, by the `detailType` the table (src/public/events.ts) names: here, with
 * the entries that export the typings, since the details are the batch layer's types.
 */
interface DetailTypes {
  ItemResult: ItemResult;
  BatchResult: BatchResult;
  ActionItemResult: ActionItemResult;
  ActionResult: ActionResult;
  CheckReport: CheckReport;
  ReadinessVerdict: ReadinessVerdict;
}

type EventRow = (typeof EVENT_TABLE)[number];

/** The events `<scim-generator>` dispatches on itself; they bubble and cross shadow roots. */
export type ScimGeneratorEventMap = {
  [R in EventRow as R['name']]: CustomEvent<DetailTypes[R['detailType']]>;
};
