/** How deep Details shows JSON; deeper values are cut, so that no nesting a server sends can overflow the stack. */
export const MAX_SHOWN_DEPTH = 64;

/** What stands for a value nested deeper than MAX_SHOWN_DEPTH. */
export const CUT_DEEPER = `[cut: nested deeper than ${MAX_SHOWN_DEPTH} levels]`;

/**
 * A JSON value pretty-printed, with every object or array below MAX_SHOWN_DEPTH replaced by
 * CUT_DEEPER: JSON.stringify alone throws "Maximum call stack size exceeded" on a body nested a few
 * thousand deep.
 */
export function prettyJson(value: unknown): string {
  const depths = new Map<unknown, number>();
  return JSON.stringify(
    value,
    function (this: unknown, _name, item: unknown) {
      // The holder of the top value is a wrapper no depth is known of: the value is at depth 0.
      const depth = (depths.get(this) ?? -1) + 1;
      if (typeof item !== 'object' || item === null) return item;
      if (depth >= MAX_SHOWN_DEPTH) return CUT_DEEPER;
      depths.set(item, depth);
      return item;
    },
    2,
  );
}

/**
 * JSON text with DEL and the C1 control characters escaped as well (JSON.stringify escapes only
 * the C0 ones), so that text copied for a terminal carries no raw control character: same JSON.
 */
export function withControlsEscaped(json: string): string {
  return json.replace(/[\u007f-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
