/** Arrays under these keys are not attribute values: a resource's schema URNs, a PATCH body's operations. */
const NOT_VALUES = new Set(['schemas', 'operations']);

export interface JsonShape {
  /** Items of arrays (the values of multi-valued attributes), at any depth. */
  values: number;
  /** Levels of objects and arrays: `{}` is 1, `{"a":[{}]}` is 3. */
  depth: number;
  /** Characters of its strings, keys left out. */
  text: number;
}

/**
 * The size of a JSON value that matters to what scimmy costs to handle it. Walked with a stack of
 * its own rather than by recursion, so no nesting a client sends can overflow the call stack.
 */
export function jsonShape(json: unknown): JsonShape {
  const shape: JsonShape = { values: 0, depth: 0, text: 0 };
  const pending: [node: unknown, depth: number, counted: boolean][] = [[json, 1, true]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth, counted] = next;
    if (typeof node === 'string') shape.text += node.length;
    if (typeof node !== 'object' || node === null) continue;
    shape.depth = Math.max(shape.depth, depth);
    if (Array.isArray(node)) {
      if (counted) shape.values += node.length;
      for (const item of node) pending.push([item, depth + 1, true]);
    } else {
      for (const [key, value] of Object.entries(node)) pending.push([value, depth + 1, !NOT_VALUES.has(key.toLowerCase())]);
    }
  }
  return shape;
}
