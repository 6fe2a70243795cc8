import { randomUUID } from 'node:crypto';
import type SCIMMY from 'scimmy';
import { MembershipIndex } from './memberships';
import { scimError } from './scim-error';
import { comparisonKey } from './user-name';

/** A resource as scimmy hands it to an ingress handler, minus what the server assigns. */
export type UserData = Omit<SCIMMY.Schemas.User, 'id' | 'meta'>;
export type GroupData = Omit<SCIMMY.Schemas.Group, 'id' | 'meta'>;

export interface Meta {
  created: string;
  lastModified: string;
}

export type Stored<T> = T & { id: string; meta: Meta };

/** Told of every write: `before` is absent for a create, `after` for a delete. */
export type WriteObserver<T> = (id: string, before: Stored<T> | undefined, after: Stored<T> | undefined) => void;

/**
 * The resources of one resource type, in memory. One attribute is kept unique, compared by
 * `comparisonKey` (case-insensitively, as userName and displayName are not caseExact, RFC 7643).
 */
export class Collection<T extends object> {
  readonly #records = new Map<string, Stored<T>>();
  readonly #resourceType: string;
  readonly #uniqueAttribute: keyof T & string;
  readonly #observe: WriteObserver<T>;

  constructor(resourceType: string, uniqueAttribute: keyof T & string, observe: WriteObserver<T> = () => undefined) {
    this.#resourceType = resourceType;
    this.#uniqueAttribute = uniqueAttribute;
    this.#observe = observe;
  }

  /** Every resource, oldest first. */
  list(): Stored<T>[] {
    return [...this.#records.values()].map((record) => structuredClone(record));
  }

  /** The `count` oldest resources. */
  first(count: number): Stored<T>[] {
    const records: Stored<T>[] = [];
    for (const record of this.#records.values()) {
      if (records.length === count) break;
      records.push(structuredClone(record));
    }
    return records;
  }

  get size(): number {
    return this.#records.size;
  }

  has(id: string): boolean {
    return this.#records.has(id);
  }

  get(id: string): Stored<T> {
    const record = this.#records.get(id);
    if (!record) throw scimError(404, `${this.#resourceType} ${id} not found`);
    return structuredClone(record);
  }

  create(data: T): Stored<T> {
    this.#assertUnique(data);
    const now = new Date().toISOString();
    return this.#save({ ...structuredClone(data), id: randomUUID(), meta: { created: now, lastModified: now } });
  }

  replace(id: string, data: T): Stored<T> {
    const { meta } = this.get(id);
    this.#assertUnique(data, id);
    return this.#save({ ...structuredClone(data), id, meta: { created: meta.created, lastModified: new Date().toISOString() } });
  }

  delete(id: string): void {
    const record = this.#records.get(id);
    if (!record) throw scimError(404, `${this.#resourceType} ${id} not found`);
    this.#records.delete(id);
    this.#observe(id, record, undefined);
  }

  #save(record: Stored<T>): Stored<T> {
    const before = this.#records.get(record.id);
    this.#records.set(record.id, record);
    this.#observe(record.id, before, record);
    return structuredClone(record);
  }

  #assertUnique(data: T, exceptId?: string): void {
    const value = normalise(data[this.#uniqueAttribute]);
    if (value === undefined) return;
    for (const record of this.#records.values()) {
      if (record.id !== exceptId && normalise(record[this.#uniqueAttribute]) === value) {
        throw scimError(409, `${this.#uniqueAttribute} "${String(data[this.#uniqueAttribute])}" is already taken`, 'uniqueness');
      }
    }
  }
}

function normalise(value: unknown): string | undefined {
  return typeof value === 'string' ? comparisonKey(value) : undefined;
}

export interface SandboxStore {
  users: Collection<UserData>;
  groups: Collection<GroupData>;
  /** Kept by `groups`: which groups list each member. */
  memberships: MembershipIndex;
}

export function createStore(): SandboxStore {
  const memberships = new MembershipIndex();
  return {
    users: new Collection<UserData>('User', 'userName'),
    groups: new Collection<GroupData>('Group', 'displayName', (id, before, after) => memberships.update(id, before, after)),
    memberships,
  };
}
