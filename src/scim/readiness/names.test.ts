import { describe, expect, it } from 'vitest';
import { idpProfiles } from './names';

describe('idpProfiles', () => {
  it('reads each IdP profile once, in the order given', () => {
    expect(idpProfiles(['okta', 'entra', 'okta'])).toEqual({ profiles: ['okta', 'entra'] });
  });
  it('names the first value that is not an IdP profile', () => {
    expect(idpProfiles(['entra', 'basic'])).toEqual({ message: 'Invalid readiness: "basic" is not entra, okta, okta-aiw, onelogin, ping or authentik' });
    expect(idpProfiles(['<img>'])).toEqual({ message: 'Invalid readiness: "<img>" is not entra, okta, okta-aiw, onelogin, ping or authentik' });
  });
});
