import type { SimpleFaker } from '@faker-js/faker';
import { isJsonObject } from '../http/json';
import { makeJob } from '../fake/job';
import { employeeNumber, makePerson } from '../fake/person';
import { ENTERPRISE_USER_SCHEMA } from '../protocol';
import type { ScimUser } from '../records/schemas';

type Resource = Record<string, unknown>;

/** One attribute Update changes: its PATCH path, its name on a line, the new value, and how to read and write it in a resource. */
export interface UserChange {
  /** The attribute path as RFC 7644 §3.5.2 (and Entra's requests) spell it. */
  path: string;
  /** How a line names it, e.g. `title` or `work e-mail`. */
  attribute: string;
  value: string;
  read(resource: Resource): unknown;
  /** Sets `value` where `read` finds it, in a copy of the resource, for a client that PUTs the whole resource back. */
  write(resource: Resource, value: string): void;
}

const objectAt = (resource: Resource, key: string): Resource => {
  const value = resource[key];
  if (isJsonObject(value)) return value;
  const created: Resource = {};
  resource[key] = created;
  return created;
};

const workEmailOf = (resource: Resource): Resource | undefined =>
  Array.isArray(resource.emails) ? resource.emails.find((email): email is Resource => isJsonObject(email) && email.type === 'work') : undefined;

interface Changeable {
  path: string;
  attribute: string;
  carried(user: ScimUser): boolean;
  read(resource: Resource): unknown;
  write(resource: Resource, value: string): void;
}

/** A top-level or enterprise attribute (the enterprise one under its URN, RFC 7643 §3.3). */
const single = (path: string, attribute: string, holder: (resource: Resource) => Resource | undefined, name: string): Changeable => ({
  path,
  attribute,
  carried: (user) => holder(user as unknown as Resource)?.[name] !== undefined,
  read: (resource) => holder(resource)?.[name],
  write: (resource, value) => {
    const target = holder(resource) ?? objectAt(resource, ENTERPRISE_USER_SCHEMA);
    target[name] = value;
  },
});

const enterprise = (resource: Resource) => (isJsonObject(resource[ENTERPRISE_USER_SCHEMA]) ? resource[ENTERPRISE_USER_SCHEMA] : undefined);
const name = (resource: Resource) => (isJsonObject(resource.name) ? resource.name : undefined);

/**
 * What Update may change, in the order it prefers: the attributes IdPs change most (Entra's
 * "Update User" examples change the work e-mail and `name.familyName`; its compatibility page the
 * enterprise `department`), at least one of them multi-valued or in an extension.
 */
const CHANGEABLE: Record<'title' | 'email' | 'department' | 'familyName' | 'employeeNumber', Changeable> = {
  title: single('title', 'title', (resource) => resource, 'title'),
  email: {
    path: 'emails[type eq "work"].value',
    attribute: 'work e-mail',
    carried: (user) => user.emails?.some((email) => email.type === 'work') ?? false,
    read: (resource) => workEmailOf(resource)?.value,
    write: (resource, value) => {
      const email = workEmailOf(resource);
      if (email) email.value = value;
    },
  },
  department: single(`${ENTERPRISE_USER_SCHEMA}:department`, 'department', enterprise, 'department'),
  familyName: {
    ...single('name.familyName', 'family name', name, 'familyName'),
    write: (resource, value) => {
      objectAt(resource, 'name').familyName = value;
    },
  },
  employeeNumber: single(`${ENTERPRISE_USER_SCHEMA}:employeeNumber`, 'employee number', enterprise, 'employeeNumber'),
};

/** At most three changes: enough to see a server keep one while it takes another. */
const MAX_CHANGES = 3;

/**
 * The changes one Update makes to a user, with new faker values (so reproducible under `seed`): up
 * to three of the attributes the record carries, in CHANGEABLE's order. A new title comes with the
 * department it names, as in the profiles' records.
 */
export function userChanges(faker: SimpleFaker, user: ScimUser): UserChange[] {
  const person = makePerson(faker);
  const job = makeJob(faker);
  // The new work e-mail stays at the user's domain: a server that takes only its own (the reader's
  // email domain) takes the new address too.
  const domain = user.emails?.find(({ type }) => type === 'work')?.value.replace(/^.*@/, '');
  const values = { title: job.title, email: domain ? `${person.handle}@${domain}` : person.email, department: job.area, familyName: person.familyName, employeeNumber: employeeNumber(faker) };
  return (Object.keys(CHANGEABLE) as (keyof typeof CHANGEABLE)[])
    .filter((key) => CHANGEABLE[key].carried(user) && values[key] !== CHANGEABLE[key].read(user as unknown as Resource))
    .slice(0, MAX_CHANGES)
    .map((key) => {
      const { path, attribute, read, write } = CHANGEABLE[key];
      return { path, attribute, value: values[key], read, write };
    });
}
