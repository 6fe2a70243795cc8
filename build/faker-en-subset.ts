import type { Plugin } from 'vite';
import { en } from '@faker-js/faker';

const MODULE_ID = 'virtual:faker-en-subset';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * Only the parts of faker's English locale the record profiles (src/scim/profiles/) read.
 * Everything else in `en` (about 80 KB gzip) never reaches the bundle. A generator method that
 * needs data not listed here throws at run time, and the profiles' unit tests would catch it.
 */
export const fakerEnSubset = {
  person: {
    first_name: en.person?.first_name,
    last_name: en.person?.last_name,
    last_name_pattern: en.person?.last_name_pattern,
    prefix: en.person?.prefix,
    job_descriptor: en.person?.job_descriptor,
    job_area: en.person?.job_area,
    job_type: en.person?.job_type,
  },
  commerce: { department: en.commerce?.department },
  company: { name_pattern: en.company?.name_pattern, legal_entity_type: en.company?.legal_entity_type },
  internet: { example_email: en.internet?.example_email },
};

/** Serves `virtual:faker-en-subset`: the locale definitions above, as JSON picked at build time. */
export function fakerEnSubsetPlugin(): Plugin {
  return {
    name: 'faker-en-subset',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? `export default ${JSON.stringify(fakerEnSubset)};` : undefined),
  };
}
