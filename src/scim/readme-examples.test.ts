// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRecordGenerator } from './generate';
import { PROFILES, type ScimGroup } from './schemas';

/** The README's "Records and profiles" section. */
function profilesSection(): string {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('### Records and profiles');
  const end = readme.indexOf('\n### ', start + 1);
  if (start < 0 || end < 0) throw new Error('README.md has no "Records and profiles" section');
  return readme.slice(start, end);
}

describe('the README profile examples', () => {
  const section = profilesSection();

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
