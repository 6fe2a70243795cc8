import type { CDPSession } from '@playwright/test';

function objectIdOf(remote: { objectId?: string }, what: string): string {
  if (!remote.objectId) throw new Error(`CDP gave no object for ${what}`);
  return remote.objectId;
}

export interface HeapReading {
  /** JS heap in use after a full garbage collection (V8's `usedSize`). */
  usedBytes: number;
  /**
   * The part of it that is V8's compiled code: what a heap snapshot types `code` (machine code,
   * bytecode, feedback; DevTools' "Code"). V8 compiles a function again, bigger, once it gets
   * hot, so this part grows while a page is used even though the page keeps nothing.
   */
  compiledCodeBytes: number;
}

/** Shape of the parts of a V8 heap snapshot read here. */
interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
}

async function takeHeapSnapshot(cdp: CDPSession): Promise<HeapSnapshot> {
  const chunks: string[] = [];
  const collect = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  }
  return JSON.parse(chunks.join('')) as HeapSnapshot;
}

function compiledCodeIn({ snapshot: { meta }, nodes }: HeapSnapshot): number {
  const fieldCount = meta.node_fields.length;
  const typeField = meta.node_fields.indexOf('type');
  const sizeField = meta.node_fields.indexOf('self_size');
  const codeType = meta.node_types[0].indexOf('code');
  if (typeField < 0 || sizeField < 0 || codeType < 0) throw new Error('Unexpected V8 heap snapshot layout');
  let bytes = 0;
  for (let node = 0; node < nodes.length; node += fieldCount) {
    if (nodes[node + typeField] === codeType) bytes += nodes[node + sizeField] ?? 0;
  }
  return bytes;
}

/** The JS heap after a full garbage collection, and how much of it is compiled code. */
export async function heapAfterGc(cdp: CDPSession): Promise<HeapReading> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return { usedBytes: usedSize, compiledCodeBytes: compiledCodeIn(await takeHeapSnapshot(cdp)) };
}

/**
 * How many objects whose prototype is `prototype` (an expression, e.g. `AbortController.prototype`)
 * and that pass `filter` (a function's source) are alive after a full garbage collection.
 */
export async function liveObjects(cdp: CDPSession, prototype: string, filter = '() => true'): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const objectGroup = 'live-objects'; // released below, so that a later count does not see these
  const { result } = await cdp.send('Runtime.evaluate', { expression: prototype, objectGroup });
  const { objects } = await cdp.send('Runtime.queryObjects', {
    prototypeObjectId: objectIdOf(result, prototype),
    objectGroup,
  });
  const counted = await cdp.send('Runtime.callFunctionOn', {
    objectId: objectIdOf(objects, `objects of ${prototype}`),
    functionDeclaration: `function () { return this.filter(${filter}).length; }`,
    returnByValue: true,
  });
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup });
  return counted.result.value as number;
}
