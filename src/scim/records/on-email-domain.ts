import type { ScimUser } from './schemas';

/** The address's local part: what precedes its last @ (RFC 5322 §3.4.1), or all of a userName without one. */
const localPart = (address: string) => {
  const at = address.lastIndexOf('@');
  return at < 0 ? address : address.slice(0, at);
};

/** The user with its userName and every e-mail at `domain` (a valid one: parseEmailDomain), each keeping its local part. */
export function onEmailDomain(user: ScimUser, domain: string): ScimUser {
  const moved = (address: string) => `${localPart(address)}@${domain}`;
  return { ...user, userName: moved(user.userName), emails: user.emails.map((email) => ({ ...email, value: moved(email.value) })) };
}

/**
 * The profile's users, at `emailDomain` when there is one. The domain is applied before the batch
 * is made unique (generate.ts), so that the local parts differ, not only the addresses.
 */
export function userMaker(make: () => ScimUser, emailDomain: string | undefined): () => ScimUser {
  return emailDomain === undefined ? make : () => onEmailDomain(make(), emailDomain);
}
