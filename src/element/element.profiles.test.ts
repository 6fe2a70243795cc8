import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_SCHEMA } from '../scim/protocol';
import type { ScimUser } from '../scim/records/schemas';
import { API_KEY_URL, BASE_URL, mountGenerator, press, setUpGeneratorPage, type MountedGenerator } from '../test-support/element';

const page = setUpGeneratorPage();

/** The request bodies of the calls since the last look, as sent: JSON text. */
function sentBodies(): string[] {
  return page.server.fetch.mock.calls.splice(0).map(([, init]) => String(init?.body));
}

function mount(attributes: Record<string, string>): MountedGenerator {
  return mountGenerator({ 'base-url': BASE_URL, 'api-key-url': API_KEY_URL, ...attributes });
}

describe('the profile attribute', () => {
  it("sends the profile's records: okta users as Okta creates them", () => {
    press(mount({ profile: 'okta', flow: 'create' }));
    for (const call of page.server.calls) {
      const user = call.body as ScimUser;
      expect(user.schemas).toEqual([USER_SCHEMA]);
      expect(user.userName).toBe(user.emails[0]?.value);
      expect(user).toHaveProperty('password');
    }
  });

  it('shows "Invalid profile", with the value and the allowed ones, instead of the button, and sends nothing', () => {
    const generator = mount({ profile: 'azure' });
    expect(generator.ui.queryByRole('button')).toBeNull();
    expect(generator.ui.getByRole('alert').textContent).toBe('Invalid profile: "azure" is not basic, full, entra, okta, okta-aiw, onelogin, ping or authentik');
    act(() => generator.element.setAttribute('profile', 'entra'));
    press(generator);
    expect(page.server.calls).toHaveLength(10);
  });
});

describe('the seed attribute', () => {
  it('makes a fresh element (as after a reload) send byte-identical bodies for the same presses', () => {
    const first = mount({ seed: '42', profile: 'full' });
    press(first);
    press(first);
    const sent = sentBodies();
    const [firstPress, secondPress] = [sent.slice(0, 10), sent.slice(10)];
    act(() => first.element.remove());

    const reloaded = mount({ seed: '42', profile: 'full' });
    press(reloaded);
    const again = sentBodies();
    press(reloaded);
    expect(again).toEqual(firstPress);
    expect(sentBodies()).toEqual(secondPress);
    // A later press continues the sequence: nothing of the first press repeats.
    expect(secondPress).toHaveLength(10);
    expect(secondPress.some((body) => firstPress.includes(body))).toBe(false);
  });

  it('starts the sequence over when the seed changes, and is random without one', () => {
    const generator = mount({ seed: '7', 'resource-type': 'Groups' });
    press(generator);
    const seven = sentBodies();
    act(() => generator.element.setAttribute('seed', '8'));
    press(generator);
    expect(sentBodies()).not.toEqual(seven);
    act(() => generator.element.setAttribute('seed', '7'));
    press(generator);
    expect(sentBodies()).toEqual(seven);

    act(() => generator.element.removeAttribute('seed'));
    press(generator);
    const random = sentBodies();
    press(generator);
    expect(sentBodies()).not.toEqual(random);
  });

  it('shows a clear message instead of the button for a seed that is not a whole number', () => {
    const generator = mount({ seed: 'abc' });
    expect(generator.ui.queryByRole('button')).toBeNull();
    expect(generator.ui.getByRole('alert').textContent).toBe('Invalid seed: "abc" is not a whole number from 0 to 4294967295');
  });
});
