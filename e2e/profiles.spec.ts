import { PROFILES, type ResourceType } from '../src/scim/schemas';
import { expectHeldBy, generateAndExpectCreated, showGenerator } from './support/generator';
import { testWithProKey as test } from './support/site-test';

for (const profile of PROFILES) {
  for (const resourceType of ['Users', 'Groups'] satisfies ResourceType[]) {
    test(`profile="${profile}" creates ten ${resourceType} the sandbox then holds`, async ({ page, site, apiKey }) => {
      const element = await showGenerator(page, site.url, { 'resource-type': resourceType, profile });
      await expectHeldBy(site, apiKey, await generateAndExpectCreated(element));
    });
  }
}
