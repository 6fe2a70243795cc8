import { SimpleFaker } from '@faker-js/faker';
import type { CheckContext, CheckTarget } from '../scim/checks/check';
import { OwnedResources } from '../scim/http/owned';
import { PROFILE_MODULES } from '../scim/profiles';
import type { ProfileName } from '../scim/profiles/names';

/**
 * What runChecks needs besides `send`, as BatchChecks gives it: the target, the base URLs, the
 * profile's dialect, a faker, what this page changed since the batch (`changed`, why by id), the ids the batch's calls named, and the guard (`owned`) that Check's
 * writes go through (`owned.guard(send)`).
 */
export function checkContext(
  target: CheckTarget,
  urls: CheckContext['urls'],
  { profile = 'basic', namedIds = [target.id], changed = {} }: { profile?: ProfileName; namedIds?: string[]; changed?: Record<string, string> } = {},
): { context: Omit<CheckContext, 'send'>; owned: OwnedResources } {
  const owned = new OwnedResources([target.url]);
  const context = {
    target,
    urls,
    profile,
    dialect: PROFILE_MODULES[profile].dialect,
    faker: new SimpleFaker(),
    changedByPage: (id: string) => changed[id],
    namedIds: () => new Set(namedIds),
    adopt: (url: string) => owned.adopt(url),
    // The read-backs' second look comes at once: what it waits for is the answer, not the clock.
    delay: async () => undefined,
  };
  return { context, owned };
}
