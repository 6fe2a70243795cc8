import { describe, expect, it } from 'vitest';
import { rfcFormOfEntraFilter } from './entra-filter';

describe("Entra's sub-attribute after a value filter", () => {
  it.each([
    ['emails[type eq "work"].value eq "ada@example.com"', 'emails[type eq "work" and value eq "ada@example.com"]'],
    ['emails[type eq "work"].value eq "a]b\\"c" and active eq true', 'emails[type eq "work" and value eq "a]b\\"c"] and active eq true'],
    ['addresses[type eq "work"].postalCode sw "9"', 'addresses[type eq "work" and postalCode sw "9"]'],
  ])('reads %s as the RFC form', (entra, rfc) => {
    expect(rfcFormOfEntraFilter(entra)).toBe(rfc);
  });

  it.each(['userName eq "ada"', 'emails[type eq "work" and value eq "x"]', 'userName eq "emails[type eq \\"work\\"].value eq \\"x\\""'])('leaves the RFC forms alone: %s', (filter) => {
    expect(rfcFormOfEntraFilter(filter)).toBe(filter);
  });
});
