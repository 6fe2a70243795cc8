import type { ScimUser } from './schemas';

// A domain name as RFC 1035 §2.3.1 spells one, with RFC 1123 §2.1's leave to start a label with a
// digit: labels of 1 to 63 letters, digits and hyphens, no hyphen first or last, 253 characters at
// most. Two rules of our own: at least one dot (a name an address can carry, not a host such as
// `localhost`), and a last label not all digits (RFC 3696 §2), so that an IP address is no name.
// Internationalised names go in their A-label form (`xn--…`, RFC 5890).
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** Why `domain` (trimmed, lower case) is not a domain name an e-mail address can use; undefined when it is. */
export function emailDomainProblem(domain: string): string | undefined {
  const labels = domain.split('.');
  const bad = labels.find((label) => !LABEL.test(label));
  if (domain.includes('@')) return 'write only what follows the @, e.g. acme.test';
  if (labels.length < 2) return 'a domain name has at least one dot, e.g. acme.test';
  if (domain.length > 253) return 'a domain name has at most 253 characters';
  if (bad === '') return 'it has an empty label (two dots together, or a dot first or last)';
  if (bad !== undefined) return `its label "${bad}" is not 1 to 63 letters a-z, digits or inner hyphens`;
  if (/^\d+$/.test(labels.at(-1) as string)) return 'its last label is all digits, as an IP address is';
  return undefined;
}

/** The domain as it is used (trimmed, lower case: RFC 4343), or the message that says why it cannot be. */
export function parseEmailDomain(text: string): { domain: string } | { problem: string } {
  const domain = text.trim().toLowerCase();
  const problem = emailDomainProblem(domain);
  return problem ? { problem: `"${text.trim()}" is not a domain name: ${problem}` } : { domain };
}

/** The address's local part: what precedes its last @ (RFC 5322 §3.4.1), or all of a userName without one. */
const localPart = (address: string) => {
  const at = address.lastIndexOf('@');
  return at < 0 ? address : address.slice(0, at);
};

/** The user with its userName and every e-mail at `domain`, each keeping its local part. */
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
