import { parseEmailDomain } from '../../../src/scim/records/email-domain';
import { scimError } from '../scim/scim-error';
import type { UserData } from '../store/store';

/** Names the one e-mail domain the sandbox takes, as servers that accept only a tenant's verified domain do. */
export const EMAIL_DOMAIN_ENV = 'SANDBOX_EMAIL_DOMAIN';

/** The domain (the option, else SANDBOX_EMAIL_DOMAIN), lower case; none takes every domain. Throws when it is not a domain name. */
export function resolveEmailDomain(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const text = option ?? env[EMAIL_DOMAIN_ENV]?.trim();
  if (!text) return undefined;
  const parsed = parseEmailDomain(text);
  if ('problem' in parsed) throw new RangeError(`${EMAIL_DOMAIN_ENV}: ${parsed.problem}`);
  return parsed.domain;
}

/** A value as a message names it: JSON, so quotes and controls show, and cut, so a long one does not fill the answer. */
const named = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

/**
 * With a domain, refuses a User whose userName or any e-mail value is not an address at it (a
 * local part, an @, the domain; compared without case, RFC 4343): 400 with scimType invalidValue,
 * naming the attribute and the value (RFC 7644 §3.12, "A required value was missing, or the value
 * specified was not compatible with the operation or attribute type").
 */
export function requireEmailDomain(user: UserData, domain: string | undefined): void {
  if (domain === undefined) return;
  const emails: unknown[] = Array.isArray(user.emails) ? user.emails : [];
  const addresses: [string, unknown][] = [['userName', user.userName], ...emails.map((email, index): [string, unknown] => [`emails[${index}].value`, (email as { value?: unknown } | null)?.value])];
  for (const [path, value] of addresses) {
    const at = typeof value === 'string' ? value.lastIndexOf('@') : -1;
    if (typeof value === 'string' && at > 0 && value.slice(at + 1).toLowerCase() === domain) continue;
    throw scimError(400, `${path} ${named(value)} is not an address at ${domain}: this server takes only ${domain}`, 'invalidValue');
  }
}
