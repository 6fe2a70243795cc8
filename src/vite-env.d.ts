/// <reference types="vite/client" />

/** The parts of faker's English locale the record profiles read, picked by build/faker-en-subset.ts. */
declare module 'virtual:faker-en-subset' {
  import type { PersonEntryDefinition } from '@faker-js/faker';

  const en: {
    person: {
      first_name: PersonEntryDefinition<string>;
      last_name: { generic: string[] };
      last_name_pattern: { generic: { value: string; weight: number }[] };
      prefix: PersonEntryDefinition<string>;
      job_descriptor: string[];
      job_area: string[];
      job_type: string[];
    };
    commerce: { department: string[] };
    company: { name_pattern: string[]; legal_entity_type: string[] };
    internet: { example_email: string[] };
  };
  export default en;
}
