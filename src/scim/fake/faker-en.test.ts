// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAKER_EN_MODULE, fakerEnModuleText } from '../../../build/faker-en-subset';

describe('faker-en.ts, the checked-in locale subset', () => {
  it('is what `npm run generate:faker-en` writes from the installed faker (run it after a faker upgrade)', () => {
    expect(readFileSync(FAKER_EN_MODULE, 'utf8')).toBe(fakerEnModuleText());
  });
});
