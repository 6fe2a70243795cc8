import acmeUser from '../../demo/sandbox/extensions/acme-user.json';
import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, LIST_RESPONSE_SCHEMA, USER_SCHEMA } from '../scim/protocol';

/** The sandbox's example of a required custom extension (demo/sandbox/extensions/acme-user.json). */
export const ACME_USER = acmeUser;

const attribute = (name: string, type: string, more: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  mutability: 'readWrite',
  uniqueness: 'none',
  ...more,
});

/** A small RFC 7643 User schema: enough to show what is kept, dropped and filled. */
export const CORE_USER = {
  id: USER_SCHEMA,
  name: 'User',
  attributes: [
    attribute('userName', 'string', { required: true, uniqueness: 'server' }),
    attribute('name', 'complex', { subAttributes: [attribute('givenName', 'string'), attribute('familyName', 'string')] }),
    attribute('displayName', 'string'),
    attribute('active', 'boolean'),
    attribute('emails', 'complex', {
      multiValued: true,
      subAttributes: [attribute('value', 'string'), attribute('type', 'string', { canonicalValues: ['work', 'home', 'other'] }), attribute('primary', 'boolean')],
    }),
    attribute('groups', 'complex', { multiValued: true, mutability: 'readOnly', subAttributes: [attribute('value', 'string')] }),
  ],
};

export const CORE_GROUP = { id: GROUP_SCHEMA, name: 'Group', attributes: [attribute('displayName', 'string', { required: true })] };

/** A server whose Users require the acme extension and may carry the enterprise one it does not describe. */
export const RESOURCE_TYPES = [
  {
    name: 'User',
    endpoint: '/Users',
    schema: USER_SCHEMA,
    schemaExtensions: [
      { schema: ACME_USER.id, required: true },
      { schema: ENTERPRISE_USER_SCHEMA, required: false },
    ],
  },
  { name: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA },
];

export const listResponse = (resources: unknown[]) => ({
  schemas: [LIST_RESPONSE_SCHEMA],
  totalResults: resources.length,
  Resources: resources,
});
