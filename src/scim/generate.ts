import { RECORDS_PER_BATCH } from '../public/constants';
import { SimpleFaker } from '@faker-js/faker';
import { PROFILE_MODULES } from './profiles';
import { isResourceType, type ResourceType, type ScimRecord } from './records/schemas';
import { type ProfileName } from './profiles/names';
import { isUser } from './records/records';
import { userMaker } from './records/on-email-domain';
import type { ResourceSchema } from './server-schema/definitions';
import { recordFitter } from './server-schema/fit-record';

export interface GenerateOptions {
  /** Sets `active` on every generated user; ignored for groups. */
  active?: boolean;
  /** Which attributes the records carry, and in which IdP's dialect; default `basic`. */
  profile?: ProfileName;
  /** The server's schema for the resource type (`schema="discover"`): each profile record is then fitted to it. */
  schema?: ResourceSchema;
  /** Every userName and e-mail of the users at this domain (a valid one: parseEmailDomain), local parts kept; groups are left alone. */
  emailDomain?: string;
}

/** Makes one batch of records per call. */
export type RecordGenerator = (resourceType: ResourceType, options?: GenerateOptions) => ScimRecord[];

/**
 * A record generator with a random source of its own. Given a seed, it makes the same batches in
 * the same order after every page load; each call continues the sequence, so later batches do not
 * repeat earlier ones. Without a seed, its batches are random.
 */
export function createRecordGenerator(seed?: number): RecordGenerator {
  const faker = new SimpleFaker();
  if (seed !== undefined) faker.seed(seed);
  return (resourceType, { active = false, profile = 'basic', schema, emailDomain } = {}) => {
    if (!isResourceType(resourceType)) throw new Error('Invalid resource type');
    const { users, group } = PROFILE_MODULES[profile];
    const records = uniqueRecords(resourceType === 'Users' ? userMaker(users(faker, active), emailDomain) : () => group(faker));
    return schema ? records.map(recordFitter(schema, faker, emailDomain)) : records;
  };
}

/** Generates a batch of SCIM records; throws `Invalid resource type` for anything but Users or Groups. */
export const generateRecords: RecordGenerator = createRecordGenerator();

/**
 * The values a SCIM server may keep unique (RFC 7643 `uniqueness: server`, and what servers
 * commonly match on), each tagged with its attribute and compared without case.
 */
function uniqueValues(record: ScimRecord): string[] {
  const values = isUser(record)
    ? [`userName ${record.userName}`, ...record.emails.map((email) => `email ${email.value}`)]
    : [`displayName ${record.displayName}`];
  if (record.externalId) values.push(`externalId ${record.externalId}`);
  return values.map((value) => value.toLowerCase());
}

/**
 * Makes a batch no two records of which share a value a server keeps unique: servers answer 409 to
 * a repeat. A record that repeats one of its own (full's two e-mails at one domain) is made again.
 */
function uniqueRecords(make: () => ScimRecord): ScimRecord[] {
  const records: ScimRecord[] = [];
  const taken = new Set<string>();
  for (let attempts = 0; records.length < RECORDS_PER_BATCH; attempts++) {
    if (attempts > RECORDS_PER_BATCH * 100) throw new Error('Could not generate enough distinct records');
    const record = make();
    const values = uniqueValues(record);
    if (new Set(values).size < values.length || values.some((value) => taken.has(value))) continue;
    values.forEach((value) => taken.add(value));
    records.push(record);
  }
  return records;
}
