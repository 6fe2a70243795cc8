import type { CDPSession } from '@playwright/test';

function objectIdOf(remote: { objectId?: string }, what: string): string {
  if (!remote.objectId) throw new Error(`CDP gave no object for ${what}`);
  return remote.objectId;
}

/** Bytes of JS heap in use after a full garbage collection. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
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
