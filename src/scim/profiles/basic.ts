import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, USER_SCHEMA } from '../protocol';
import { groupName } from '../fake/job';
import { employeeNumber, makePerson } from '../fake/person';
import type { Profile } from './profile';
import { rfc7643Members, rfc7644Sequences } from './rfc7644';
import { RFC7644_DIALECT } from '../actions/table';

/** The seed specification's records, attribute for attribute: what scim.dev-style servers expect. */
export const basic: Profile = {
  users: (faker, active) => () => {
    const person = makePerson(faker);
    return {
      schemas: [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
      userName: person.handle,
      name: { formatted: person.displayName, familyName: person.familyName, givenName: person.givenName },
      emails: [{ value: person.email }],
      active,
      [ENTERPRISE_USER_SCHEMA]: { employeeNumber: employeeNumber(faker) },
    };
  },
  group: (faker) => ({ schemas: [GROUP_SCHEMA], displayName: groupName(faker) }),
  members: rfc7643Members,
  dialect: RFC7644_DIALECT,
  sequences: rfc7644Sequences,
};
