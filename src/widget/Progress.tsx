import type { BatchState } from '../batch/state';
import { RECORDS_PER_BATCH } from '../public/constants';
import { parts } from '../public/parts';

/** While a batch runs: how many of its ten items have answered. In the views' chunk, which a press loads with the runtime. */
export function Progress({ batch }: { batch: BatchState }) {
  if (!batch.running || batch.error) return null;
  return (
    <p part={parts('progress')} className="progress">
      <progress max={RECORDS_PER_BATCH} value={batch.lines.length} aria-label="Answers received" /> {batch.lines.length} of {RECORDS_PER_BATCH}
    </p>
  );
}
