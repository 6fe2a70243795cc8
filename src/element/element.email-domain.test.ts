import { fireEvent, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeEmailDomain } from '../page/email-domains';
import { BASE_URL, mountGenerator, press, setUpGeneratorPage, shownLines, type MountedGenerator } from '../test-support/element';
import { lazyEditor } from '../widget/EditRecords';

// Issue 52: a page's `email-domain` that is not a domain name. The page checks it where it is used,
// in the lazily loaded code (emailDomainFor), so the button stays; the message shows with the
// e-mail domain's panel, and nothing that would use the domain (a press, the editor's records, a
// readiness run) sends anything until the reader sets a domain of their own.

const page = setUpGeneratorPage();
beforeAll(() => lazyEditor.preload());

const MESSAGE =
  'Invalid email-domain: "localhost" is not a domain name such as acme.test: two or more labels of letters a-z, digits and inner hyphens (63 at most each), joined by dots, the last not all digits';

const alerts = ({ ui }: MountedGenerator) => ui.queryAllByRole('alert').map((alert) => alert.textContent);

describe("a page's email-domain that is not a domain name", () => {
  it('is named below the button; a press sends nothing and shows the message in place of the lines', () => {
    const generator = mountGenerator({ 'base-url': BASE_URL, 'email-domain': ' localhost ' });
    expect(generator.ui.getByRole('button', { name: /^Generate / })).toBeTruthy();
    expect(generator.shadow.querySelector('[part~="email-domain"] summary')?.textContent).toBe("E-mail domain: none (this page's is not a domain name)");
    expect(alerts(generator)).toEqual([MESSAGE]);

    press(generator);

    expect(page.server.calls).toEqual([]);
    expect(alerts(generator)).toEqual([MESSAGE, MESSAGE]);
    expect(shownLines(generator)).toEqual([]);
  });

  it("gives way to the reader's own domain, which a press then uses", () => {
    storeEmailDomain(BASE_URL, 'acme.test');
    const generator = mountGenerator({ 'base-url': BASE_URL, 'email-domain': 'localhost' });
    expect(alerts(generator)).toEqual([]);

    press(generator);

    expect(page.server.calls).toHaveLength(10);
    for (const { body } of page.server.calls) {
      const addresses = JSON.stringify(body).match(/@[^"]+/g) ?? [];
      expect(addresses.length).toBeGreaterThan(0);
      expect(new Set(addresses)).toEqual(new Set(['@acme.test']));
    }
  });

  it('leaves the editor without records, saying why', async () => {
    const generator = mountGenerator({ 'base-url': BASE_URL, 'email-domain': 'localhost' });
    fireEvent.click(await generator.ui.findByRole('button', { name: 'Edit records' }));
    expect((await generator.ui.findByRole('status')).textContent).toBe(`The records could not be made: ${MESSAGE}`);
    expect(generator.ui.queryByRole('textbox', { name: /records the next press sends/ })).toBeNull();
  });

  it('runs no readiness cycle, saying why', async () => {
    const generator = mountGenerator({ 'base-url': BASE_URL, 'email-domain': 'localhost', readiness: 'entra' });
    fireEvent.click(generator.ui.getByRole('button', { name: 'Ready for Entra?' }));
    await waitFor(() => expect(alerts(generator)).toEqual([MESSAGE, MESSAGE]));
    expect(page.server.calls).toEqual([]);
  });
});
