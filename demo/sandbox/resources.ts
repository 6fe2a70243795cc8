import SCIMMY from 'scimmy';
import { ENTRA_GROUP_SCHEMA } from '../../src/scim/profiles/entra';
import { scimError } from './scim-error';
import type { GroupData, SandboxStore, Stored, UserData } from './store';

const { User, Group } = SCIMMY.Resources;

/**
 * Declares Users (with the enterprise extension) and Groups to scimmy. scimmy keeps
 * declarations process-wide, so the handlers hold no data: each sandbox's router
 * passes its own store as the handlers' context.
 */
export function declareScimResources(): void {
  if (SCIMMY.Resources.declared(User)) return;

  SCIMMY.Resources.declare(User)
    .extend(SCIMMY.Schemas.EnterpriseUser, false)
    .ingress((resource, instance, store: SandboxStore) => {
      requireKnownSchemas(User, instance.schemas);
      const data = plain<UserData>(instance);
      const user = resource.id ? store.users.replace(resource.id, data) : store.users.create(data);
      return withGroups(user, store);
    })
    .egress((resource, store: SandboxStore) => {
      if (resource.id) return withGroups(store.users.get(resource.id), store);
      const users = store.users.list().map((user) => withGroups(user, store));
      return page(resource, resource.filter ? resource.filter.match(users) : users);
    })
    .degress((resource, store: SandboxStore) => {
      const id = requireId(resource.id);
      store.users.delete(id);
      removeMember(store, id);
    });

  SCIMMY.Resources.declare(Group)
    .ingress((resource, instance, store: SandboxStore) => {
      requireKnownSchemas(Group, instance.schemas);
      const data = plain<GroupData>(instance);
      requireExistingMembers(store, data);
      return resource.id ? store.groups.replace(resource.id, data) : store.groups.create(data);
    })
    .egress((resource, store: SandboxStore) => {
      if (resource.id) return store.groups.get(resource.id);
      const groups = store.groups.list();
      return page(resource, resource.filter ? resource.filter.match(groups) : groups);
    })
    .degress((resource, store: SandboxStore) => {
      const id = requireId(resource.id);
      store.groups.delete(id);
      removeMember(store, id);
    });
}

/**
 * scimmy sorts and pages the matches itself, but a startIndex past the last match
 * gets the first page back instead of none. An empty array as long as the matches is
 * scimmy's documented way (see ListResponse) to say "none here, this many in total".
 */
function page<T>(resource: SCIMMY.Types.Resource, matches: T[]): T[] {
  return (resource.constraints?.startIndex ?? 1) > matches.length ? new Array<T>(matches.length) : matches;
}

/**
 * Entra ID lists this URN in every group create although it adds no attributes ("Create Group" in
 * MicrosoftDocs/entra-docs docs/identity/app-provisioning/use-scim-to-provision-users-and-groups.md).
 */
const TOLERATED_SCHEMAS = [ENTRA_GROUP_SCHEMA];

/** scimmy validates attributes but keeps URNs in `schemas` that the resource type does not declare. */
function requireKnownSchemas(resourceType: typeof User | typeof Group, schemas: string[]): void {
  const extensions = resourceType.describe().schemaExtensions ?? [];
  const declared = [resourceType.schema.id, ...extensions.map(({ schema }) => schema)];
  const known = new Set([...declared, ...(resourceType === Group ? TOLERATED_SCHEMAS : [])].map((urn) => urn.toLowerCase()));
  const unknown = schemas.filter((urn) => !known.has(urn.toLowerCase()));
  if (unknown.length > 0) throw scimError(400, `Unknown schema ${unknown.join(', ')}`, 'invalidSyntax');
}

function requireExistingMembers(store: SandboxStore, group: GroupData): void {
  for (const { value } of group.members ?? []) {
    if (!store.users.has(value) && !store.groups.has(value)) {
      throw scimError(400, `Member ${value} is neither a User nor a Group here`, 'invalidValue');
    }
  }
}

function requireId(id: string | undefined): string {
  // scimmy answers DELETE without an id itself; this only narrows the type.
  if (id === undefined) throw scimError(404, 'DELETE needs a resource id');
  return id;
}

/** Drops scimmy's schema-class wrapper and the attributes left undefined. */
function plain<T>(instance: object): T {
  return JSON.parse(JSON.stringify(instance)) as T;
}

/** `groups` is read-only on a User (RFC 7643 §4.1.2): it is derived from Group memberships. */
function withGroups(user: Stored<UserData>, store: SandboxStore): Stored<UserData> {
  const memberOf = store.groups.list().filter((group) => group.members?.some((member) => member.value === user.id));
  if (memberOf.length === 0) return user;
  return { ...user, groups: memberOf.map((group) => ({ value: group.id, display: group.displayName, type: 'direct' })) };
}

function removeMember(store: SandboxStore, id: string): void {
  for (const group of store.groups.list()) {
    const members = group.members?.filter((member) => member.value !== id);
    if (members && members.length !== group.members?.length) store.groups.replace(group.id, { ...group, members });
  }
}
