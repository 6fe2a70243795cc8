// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRecordGenerator } from '../../src/scim/generate';
import { type ScimGroup } from '../../src/scim/records/schemas';
import { PROFILES } from '../../src/scim/profiles/names';
import { documentedSection } from '../../src/test-support/documentation';

// The examples of the documented "Records and profiles" section (docs/records.md).
describe('the documented profile examples', () => {
  const section = documentedSection('Records and profiles');

  it('are the first user of a first press with seed 2026 and active users, per profile in table order', () => {
    const blocks = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map(([, json]) => JSON.parse(json ?? '') as unknown);
    expect(blocks).toEqual(
      PROFILES.map((profile) => createRecordGenerator(2026)('Users', { profile, active: true })[0]),
    );
  });

  it('name the first group of a first Groups press with seed 2026', () => {
    for (const profile of PROFILES) {
      const [group] = createRecordGenerator(2026)('Groups', { profile }) as ScimGroup[];
      expect(section).toContain(`\`${group?.displayName}\``);
    }
  });
});
