import SCIMMY from 'scimmy';
import { matchFilter } from './filter-match';
import { ENTRA_GROUP_SCHEMA } from '../../src/scim/protocol';
import { scimError } from './scim-error';
import { userExtensionFromEnv } from './user-extension';
import { requireValidUserName } from './user-name';
import type { GroupData, SandboxStore, Stored, UserData } from './store';

const { User, Group } = SCIMMY.Resources;

/**
 * Declares Users (with the enterprise extension, and the required custom extension
 * SANDBOX_USER_EXTENSION names, if any) and Groups to scimmy. scimmy keeps declarations
 * process-wide, so the handlers hold no data: each sandbox's router passes its own store as
 * the handlers' context.
 */
export function declareScimResources(): void {
  if (SCIMMY.Resources.declared(User)) return;

  const customExtension = userExtensionFromEnv();
  if (customExtension) User.schema.definition.extend(customExtension, true);
  SCIMMY.Resources.declare(User)
    .extend(SCIMMY.Schemas.EnterpriseUser, false)
    .ingress((resource, instance, store: SandboxStore) => {
      requireKnownSchemas(User, instance.schemas);
      const data = plain<UserData>(instance);
      requireValidUserName(data.userName);
      const user = resource.id ? store.users.replace(resource.id, data) : store.users.create(data);
      return withGroups(user, store);
    })
    .egress((resource, store: SandboxStore) => {
      if (resource.id) return withGroups(store.users.get(resource.id), store);
      const firstPage = firstPageOnly(resource, store.users.size);
      const users = firstPage ? store.users.first(firstPage.count) : store.users.list();
      const withMemberships = users.map((user) => withGroups(user, store));
      if (firstPage) return Object.assign(new Array<Stored<UserData>>(firstPage.total), withMemberships);
      return page(resource, resource.filter ? matchFilter('users', resource.filter.expression, withMemberships) : withMemberships);
    })
    .degress((resource, store: SandboxStore) => {
      const id = requireId(resource.id);
      store.users.delete(id);
      removeMember(store, id);
    });

  SCIMMY.Resources.declare(Group)
    .ingress((resource, instance, store: SandboxStore) => {
      requireKnownSchemas(Group, instance.schemas);
      const data = mergeDuplicateMembers(plain<GroupData>(instance));
      requireExistingMembers(store, data);
      return resource.id ? store.groups.replace(resource.id, data) : store.groups.create(data);
    })
    .egress((resource, store: SandboxStore) => {
      if (resource.id) return store.groups.get(resource.id);
      const groups = store.groups.list();
      return page(resource, resource.filter ? matchFilter('groups', resource.filter.expression, groups) : groups);
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

/**
 * An unfiltered, unsorted first page needs only its own users. scimmy (1.3.5) turns every resource
 * egress returns into a schema instance before it pages, so a full list costs every user; an array
 * as long as the store with only the page filled in keeps totalResults and lets scimmy skip the holes.
 * Later pages take the full list: scimmy's own offset logic expects every resource up to the page.
 */
function firstPageOnly(resource: SCIMMY.Types.Resource, total: number): { count: number; total: number } | undefined {
  const { startIndex = 1, count, sortBy } = resource.constraints ?? {};
  if (resource.filter || sortBy !== undefined || count === undefined || startIndex !== 1 || count >= total) return undefined;
  return { count, total };
}

/** scimmy validates attributes but keeps URNs in `schemas` that the resource type does not declare. */
function requireKnownSchemas(resourceType: typeof User | typeof Group, schemas: string[]): void {
  const extensions = resourceType.describe().schemaExtensions ?? [];
  const declared = [resourceType.schema.id, ...extensions.map(({ schema }) => schema)];
  const known = new Set([...declared, ...(resourceType === Group ? TOLERATED_SCHEMAS : [])].map((urn) => urn.toLowerCase()));
  const unknown = schemas.filter((urn) => !known.has(urn.toLowerCase()));
  if (unknown.length > 0) throw scimError(400, `Unknown schema ${unknown.join(', ')}`, 'invalidSyntax');
}

/** A member listed twice is one member: the first listing is kept. */
function mergeDuplicateMembers(group: GroupData): GroupData {
  if (!group.members) return group;
  const seen = new Set<string>();
  return { ...group, members: group.members.filter(({ value }) => !seen.has(value) && seen.add(value)) };
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
  const memberOf = store.memberships.groupsOf(user.id);
  if (memberOf.length === 0) return user;
  return { ...user, groups: memberOf.map((group) => ({ ...group, type: 'direct' })) };
}

function removeMember(store: SandboxStore, id: string): void {
  for (const { value: groupId } of store.memberships.groupsOf(id)) {
    const group = store.groups.get(groupId);
    store.groups.replace(groupId, { ...group, members: group.members?.filter((member) => member.value !== id) });
  }
}
