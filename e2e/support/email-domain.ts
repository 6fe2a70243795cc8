import { expect, type Locator } from '@playwright/test';

// The reader's e-mail domain below the button (src/widget/EmailDomain.tsx), as a reader works it.

/** The *E-mail domain* disclosure's summary, which shows the domain in use. */
export function emailDomainSummary(element: Locator): Locator {
  return element.locator('[part~="email-domain"] summary');
}

/** Opens the disclosure (once the views' chunk shows it), types `text` and presses Use. */
export async function useEmailDomain(element: Locator, text: string): Promise<void> {
  const field = element.getByLabel(/^Your domain for /);
  if (!(await field.isVisible())) await emailDomainSummary(element).click();
  await field.fill(text);
  await element.getByRole('button', { name: 'Use', exact: true }).click();
}

/** Opens the disclosure if need be and presses Clear. */
export async function clearEmailDomain(element: Locator): Promise<void> {
  const clear = element.getByRole('button', { name: 'Clear', exact: true });
  if (!(await clear.isVisible())) await emailDomainSummary(element).click();
  await clear.click();
}

/** Expects the summary to say `domain` is the reader's own, or none is set. */
export async function expectEmailDomain(element: Locator, domain: string | undefined): Promise<void> {
  await expect(emailDomainSummary(element)).toHaveText(domain ? `E-mail domain: ${domain} (yours)` : 'E-mail domain: none set (example.com, example.net, example.org)');
}
