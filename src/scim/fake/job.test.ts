// @vitest-environment node
import { en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { createRecordGenerator, generateRecords } from '../generate';
import { type ScimGroup } from '../records/schemas';
import { PROFILES } from '../profiles/names';

const lowerSnake = (text: string) => text.toLowerCase().split(' ').join('_');
const shopDepartments = (en.commerce?.department ?? []).map(lowerSnake);
const departments = [...shopDepartments, ...(en.person?.job_area ?? []).map(lowerSnake)];
const descriptors = (en.person?.job_descriptor ?? []).map(lowerSnake);
const areas = (en.person?.job_area ?? []).map(lowerSnake);
const jobTypes = (en.person?.job_type ?? []).map(lowerSnake);

describe('group names', () => {
  it('are department_jobtype in lower case with underscores for spaces; the job type a whole job title', () => {
    const groups = Array.from({ length: 100 }, () => generateRecords('Groups') as ScimGroup[]).flat();
    for (const { displayName } of groups) {
      expect(displayName).toMatch(/^[a-z0-9_]+$/);
      const [department = '', descriptor = '', area = '', jobType = ''] = displayName.split('_');
      expect(departments, displayName).toContain(department);
      expect(descriptors, displayName).toContain(descriptor);
      expect(areas, displayName).toContain(area);
      expect(jobTypes, displayName).toContain(jobType);
    }
    // Both kinds of department turn up.
    const departmentOf = (group: ScimGroup) => group.displayName.split('_')[0] ?? '';
    expect(groups.some((group) => shopDepartments.includes(departmentOf(group)))).toBe(true);
    expect(groups.some((group) => areas.includes(departmentOf(group)))).toBe(true);
  });

  /**
   * Issue 16: ten presses against one server used to meet 409s on displayName. This presses 100
   * times against one simulated server (a set of taken names, case-insensitive), for 20 seeds of
   * each profile, and prints the share of POSTs that would meet a 409.
   */
  it('rarely collide over a hundred presses against one server', () => {
    let posts = 0;
    let collisions = 0;
    let runs = 0;
    let runsCollidingInTenPresses = 0;
    for (const profile of PROFILES) {
      for (let seed = 1; seed <= 20; seed++) {
        const generate = createRecordGenerator(seed);
        const taken = new Set<string>();
        let collidedInTenPresses = false;
        for (let press = 1; press <= 100; press++) {
          for (const { displayName } of generate('Groups', { profile }) as ScimGroup[]) {
            posts++;
            const key = displayName.toLowerCase();
            if (taken.has(key)) {
              collisions++;
              if (press <= 10) collidedInTenPresses = true;
            }
            taken.add(key);
          }
        }
        runs++;
        if (collidedInTenPresses) runsCollidingInTenPresses++;
      }
    }
    const rate = collisions / posts;
    console.log(
      `group names: ${collisions} of ${posts} POSTs (${(rate * 100).toFixed(3)}%) met an earlier name within ` +
        `100 presses; ${runsCollidingInTenPresses} of ${runs} servers met one within the first ten presses`,
    );
    expect(rate).toBeLessThan(0.001);
  });
});
