import SCIMMY from 'scimmy';
import { ENTRA_GROUP_SCHEMA } from '../../../src/scim/protocol';
import { jsonShape } from '../scim/json-shape';
import { listPage } from './list-page';
import { scimError } from '../scim/scim-error';
import { extendRequiredOnWrites } from '../scimmy-fixes/required-extension';
import { userExtensionFromEnv } from './user-extension';
import { requireValidUserName } from './user-name';
import { requireEmailDomain } from './email-domain';
import type { GroupData, ResourceCollection, Stored, TenantStore, UserData } from '../store/store';

/** What the handlers get with each request: the store of its key's tenant, and the sandbox's limits. */
export interface ScimContext {
  tenant: TenantStore;
  /** SandboxConfig.maxValues. */
  maxValues: number;
  /** The one e-mail domain Users may have (SANDBOX_EMAIL_DOMAIN), if any. */
  emailDomain?: string | undefined;
}

const { User, Group } = SCIMMY.Resources;

/**
 * Declares Users (with the enterprise extension, and the required custom extension
 * SANDBOX_USER_EXTENSION names, if any) and Groups to scimmy. scimmy keeps declarations
 * process-wide, so the handlers hold no data: each request's context (ScimContext) brings the
 * store of its key's tenant.
 */
export function declareScimResources(): void {
  if (SCIMMY.Resources.declared(User)) return;

  const customExtension = userExtensionFromEnv();
  const requireCustomExtension = customExtension ? extendRequiredOnWrites(User, customExtension) : () => undefined;
  SCIMMY.Resources.declare(User)
    .extend(SCIMMY.Schemas.EnterpriseUser, false)
    .ingress(async (resource, instance, { tenant, maxValues, emailDomain }: ScimContext) => {
      requireKnownSchemas(User, instance.schemas);
      const data = plain<UserData>(instance);
      requireValidUserName(data.userName);
      requireEmailDomain(data, emailDomain);
      requireCustomExtension(data);
      requireValuesWithin(data, maxValues);
      const user = resource.id ? await tenant.users.replace(resource.id, data) : await tenant.users.create(data);
      return withGroups(user, tenant);
    })
    .egress(async (resource, { tenant }: ScimContext) => {
      if (resource.id) return withGroups(await found('User', tenant.users, resource.id), tenant);
      return listPage(resource, 'users', tenant.users, { attribute: 'groups', add: (user) => withGroups(user, tenant) });
    })
    .degress(async (resource, { tenant }: ScimContext) => {
      const id = requireId(resource.id);
      await tenant.users.delete(id);
      await removeMember(tenant, id);
    });

  SCIMMY.Resources.declare(Group)
    .ingress(async (resource, instance, { tenant, maxValues }: ScimContext) => {
      requireKnownSchemas(Group, instance.schemas);
      const data = mergeDuplicateMembers(plain<GroupData>(instance));
      requireValuesWithin(data, maxValues);
      await requireExistingMembers(tenant, data, resource.id, maxValues);
      return resource.id ? tenant.groups.replace(resource.id, data) : tenant.groups.create(data);
    })
    .egress(async (resource, { tenant }: ScimContext) => {
      if (resource.id) return found('Group', tenant.groups, resource.id);
      return listPage(resource, 'groups', tenant.groups);
    })
    .degress(async (resource, { tenant }: ScimContext) => {
      const id = requireId(resource.id);
      await tenant.groups.delete(id);
      await removeMember(tenant, id);
    });
}

/** The resource with this id in the tenant; another tenant's id is as unknown as one never issued. */
async function found<T extends object>(resourceType: string, collection: ResourceCollection<T>, id: string): Promise<Stored<T>> {
  const resource = await collection.get(id);
  if (!resource) throw scimError(404, `${resourceType} ${id} not found`);
  return resource;
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

/** A resource holds at most `maxValues` values in its multi-valued attributes together (SANDBOX_MAX_VALUES). */
function requireValuesWithin(data: UserData | GroupData, maxValues: number): void {
  const { values } = jsonShape(data);
  if (values > maxValues) {
    throw scimError(400, `A resource may hold at most ${maxValues} values in its multi-valued attributes (emails, members, …); this one holds ${values}`, 'invalidValue');
  }
}

/** A member listed twice is one member: the first listing is kept. */
function mergeDuplicateMembers(group: GroupData): GroupData {
  if (!group.members) return group;
  const seen = new Set<string>();
  return { ...group, members: group.members.filter(({ value }) => !seen.has(value) && seen.add(value)) };
}

/**
 * Every member is a User or a Group of the same tenant, and in at most `maxValues` groups: a user's
 * groups are shown on the user, and cost as much to show as as many values of its own. Members the
 * group already has were checked when they joined (a deleted member leaves its groups), so a PATCH
 * that adds one member costs a few queries, not a few per member.
 */
async function requireExistingMembers(tenant: TenantStore, group: GroupData, groupId: string | undefined, maxValues: number): Promise<void> {
  const before = groupId === undefined ? undefined : await tenant.groups.get(groupId);
  const already = new Set(before?.members?.map(({ value }) => value));
  for (const { value } of group.members ?? []) {
    if (already.has(value)) continue;
    if (!(await tenant.users.has(value)) && !(await tenant.groups.has(value))) {
      throw scimError(400, `Member ${value} is neither a User nor a Group here`, 'invalidValue');
    }
    const memberOf = await tenant.groupsOf(value);
    if (memberOf.length >= maxValues && !memberOf.some((membership) => membership.value === groupId)) {
      throw scimError(400, `Member ${value} is already in ${maxValues} groups, the most one member may be in`, 'invalidValue');
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
async function withGroups(user: Stored<UserData>, tenant: TenantStore): Promise<Stored<UserData>> {
  const memberOf = await tenant.groupsOf(user.id);
  if (memberOf.length === 0) return user;
  return { ...user, groups: memberOf.map((group) => ({ ...group, type: 'direct' })) };
}

async function removeMember(tenant: TenantStore, id: string): Promise<void> {
  for (const { value: groupId } of await tenant.groupsOf(id)) {
    const group = await tenant.groups.get(groupId);
    if (group) await tenant.groups.replace(groupId, { ...group, members: group.members?.filter((member) => member.value !== id) });
  }
}
