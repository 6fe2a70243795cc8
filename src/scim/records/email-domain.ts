// A domain name as RFC 1035 §2.3.1 spells one, with RFC 1123 §2.1's leave to start a label with a
// digit: labels of 1 to 63 letters, digits and hyphens, no hyphen first or last, 253 characters at
// most. Two rules of our own: at least one dot (a name an address can carry, not a host such as
// `localhost`), and a last label not all digits (RFC 3696 §2), so that an IP address is no name.
// Internationalised names go in their A-label form (`xn--…`, RFC 5890). One expression and one
// message for every fault. Only lazily loaded code checks a domain (emailDomainFor, the e-mail
// domain's panel): the attribute's parser keeps its text, so the element's chunk carries neither.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN_NAME = new RegExp(`^(?=.{1,253}$)(?:${LABEL}\\.)+(?![0-9]+$)${LABEL}$`);

/** The domain as it is used (trimmed, lower case: RFC 4343), or the message that says why it cannot be. */
export function parseEmailDomain(text: string): { domain: string } | { problem: string } {
  const domain = text.trim().toLowerCase();
  return DOMAIN_NAME.test(domain)
    ? { domain }
    : { problem: `"${text.trim()}" is not a domain name such as acme.test: two or more labels of letters a-z, digits and inner hyphens (63 at most each), joined by dots, the last not all digits` };
}
