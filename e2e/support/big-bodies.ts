import { MAX_BODY_BYTES } from '../../src/scim/http/read-response';

/**
 * Three shapes of a 201 body just under the 256 KB cut, each hard on Details in its own way: one
 * string with no place to break a line, 5,000 small objects (as many lines pretty-printed), and
 * objects nested 60 deep (each level's lines indented further), just above the 64-level cut.
 */
export const BIG_BODY_SHAPES = ['long-string', 'many-objects', 'deep'] as const;
export type BigBodyShape = (typeof BIG_BODY_SHAPES)[number];

const TARGET_BYTES = MAX_BODY_BYTES - 8 * 1024;
const NESTING = 60;

/** Fills `room` bytes with one of the shapes. */
const FILLERS: Record<BigBodyShape, (room: number) => unknown> = {
  'long-string': (room) => 'scim'.repeat(Math.floor(room / 4)),
  'many-objects': (room) =>
    Array.from({ length: 5000 }, (_, index) => ({ index, value: `item-${index}`.padEnd(Math.floor(room / 5000) - 36, '.'), ok: index % 2 === 0 })),
  deep: (room) => {
    const perLevel = Math.floor(room / NESTING / 110);
    let nested: unknown = { leaf: true };
    for (let level = NESTING - 1; level >= 0; level--) {
      nested = { level, notes: Array.from({ length: perLevel }, (_, index) => `level ${level}, note ${index}: ${'n'.repeat(80)}`), child: nested };
    }
    return nested;
  },
};

/** `record` (the created resource) with a filler attribute that brings its JSON text just under the cut. */
export function bigBody(shape: BigBodyShape, record: object): string {
  const base = JSON.stringify(record).length;
  const body = JSON.stringify({ ...record, filler: FILLERS[shape](TARGET_BYTES - base) });
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) throw new Error(`The ${shape} body is ${Buffer.byteLength(body)} bytes, over the cut`);
  return body;
}
