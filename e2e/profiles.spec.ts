import { type ResourceType } from '../src/scim/records/schemas';
import { PROFILES, type ProfileName } from '../src/scim/profiles/names';
import { expectHeldBy, generateAndExpectCreated, showGenerator } from './support/generator';
import { expect, testWithProKey as test } from './support/site-test';

/** Each item's calls in its profile's IdP sequence (the default flow): Entra, Okta, OneLogin and Ping look users up first. */
const SEQUENCE: Record<ProfileName, Record<ResourceType, string[]>> = {
  basic: { Users: ['create'], Groups: ['create'] },
  full: { Users: ['create'], Groups: ['create'] },
  entra: { Users: ['lookup', 'create'], Groups: ['lookup', 'create'] },
  okta: { Users: ['lookup', 'create'], Groups: ['create'] },
  'okta-aiw': { Users: ['lookup', 'create'], Groups: ['create'] },
  onelogin: { Users: ['lookup', 'create'], Groups: ['create'] },
  // Ping lists every group (one page here: the sandbox holds fewer than a page) before creating.
  ping: { Users: ['lookup', 'create'], Groups: ['lookup', 'create'] },
  authentik: { Users: ['create'], Groups: ['create'] },
};

for (const profile of PROFILES) {
  for (const resourceType of ['Users', 'Groups'] satisfies ResourceType[]) {
    test(`profile="${profile}" creates ten ${resourceType} the sandbox then holds, in its sequence`, async ({ page, site, apiKey }) => {
      const element = await showGenerator(page, site.url, { 'resource-type': resourceType, profile });
      const batch = await generateAndExpectCreated(element);
      await expectHeldBy(site, apiKey, batch);
      for (const result of batch.results) expect(result.calls.map(({ purpose }) => purpose)).toEqual(SEQUENCE[profile][resourceType]);
    });
  }
}
