import type { SimpleFaker } from '@faker-js/faker';
import en from './faker-en';

/** A job title and the area it names, which is also the holder's department. */
export interface Job {
  title: string;
  area: string;
}

/** e.g. `{ title: 'Senior Marketing Engineer', area: 'Marketing' }`. */
export function makeJob(faker: SimpleFaker): Job {
  const area = faker.helpers.arrayElement(en.person.job_area);
  const descriptor = faker.helpers.arrayElement(en.person.job_descriptor);
  return { title: `${descriptor} ${area} ${faker.helpers.arrayElement(en.person.job_type)}`, area };
}

/**
 * A group's displayName, `department_jobtype` in lower case with underscores for spaces, e.g.
 * `grocery_senior_marketing_engineer`. The department is a shop department or a job area (59), the
 * job type a whole job title (21 × 37 × 25 = 19,425): over a million names, so that ten presses
 * against one server rarely repeat one (the bare department × job type gave 550).
 */
export function groupName(faker: SimpleFaker): string {
  const shopDepartments = en.commerce.department;
  const jobAreas = en.person.job_area;
  const pick = faker.number.int(shopDepartments.length + jobAreas.length - 1);
  const department = pick < shopDepartments.length ? shopDepartments[pick] : jobAreas[pick - shopDepartments.length];
  return `${department} ${makeJob(faker).title}`.replace(/\s+/g, '_').toLowerCase();
}
