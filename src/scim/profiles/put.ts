import type { UserChange } from '../actions/user-changes';

/** The user given with Update's changes written into it: the body of a PUT (RFC 7644 §3.5.1). */
export const putChanged =
  (changes: readonly UserChange[]) =>
  (user: Record<string, unknown>): Record<string, unknown> => {
    const changed = structuredClone(user);
    changes.forEach((change) => change.write(changed, change.value));
    return changed;
  };
