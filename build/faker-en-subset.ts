import type { Plugin } from 'vite';
import { en } from '@faker-js/faker';
import type enSubset from 'virtual:faker-en-subset';

const MODULE_ID = 'virtual:faker-en-subset';
const RESOLVED_ID = `\0${MODULE_ID}`;

/** A locale entry the profiles need: a faker upgrade that drops one fails the build, not a press. */
function present<T>(entry: T | null | undefined, key: string): T {
  if (entry == null) throw new Error(`faker's en locale has no ${key}`);
  return entry;
}

/**
 * Only the parts of faker's English locale the record profiles (src/scim/profiles/) read; its type
 * is declared in src/vite-env.d.ts. Everything else in `en` (about 80 KB gzip) never reaches the bundle.
 */
export const fakerEnSubset = {
  person: {
    first_name: present(en.person?.first_name, 'person.first_name'),
    last_name: { generic: present(en.person?.last_name?.generic, 'person.last_name.generic') },
    last_name_pattern: { generic: present(en.person?.last_name_pattern?.generic, 'person.last_name_pattern.generic') },
    prefix: present(en.person?.prefix, 'person.prefix'),
    job_descriptor: present(en.person?.job_descriptor, 'person.job_descriptor'),
    job_area: present(en.person?.job_area, 'person.job_area'),
    job_type: present(en.person?.job_type, 'person.job_type'),
  },
  commerce: { department: present(en.commerce?.department, 'commerce.department') },
  company: {
    name_pattern: present(en.company?.name_pattern, 'company.name_pattern'),
    // name_pattern refers to it, but faker's CompanyDefinition type does not list it.
    legal_entity_type: present(en.company?.legal_entity_type as string[] | undefined, 'company.legal_entity_type'),
  },
  internet: { example_email: present(en.internet?.example_email, 'internet.example_email') },
} satisfies typeof enSubset;

/** Serves `virtual:faker-en-subset`: the locale definitions above, as JSON picked at build time. */
export function fakerEnSubsetPlugin(): Plugin {
  return {
    name: 'faker-en-subset',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? `export default ${JSON.stringify(fakerEnSubset)};` : undefined),
  };
}
