import { act, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { TAG_NAME } from '../public/constants';
import type { ScimGeneratorElement } from './element';

// The standard lazy-property upgrade: a page (or React 19) may set properties on the tag before
// the loader has defined it; they must reach the widget once it is.
it('keeps the properties set before the element was defined, and reflects them', async () => {
  expect(customElements.get(TAG_NAME)).toBeUndefined();
  const element = document.createElement(TAG_NAME) as ScimGeneratorElement;
  element.resourceType = 'Groups';
  element.profile = 'okta';
  document.body.append(element);

  await act(async () => {
    await import('../entries/define');
  });

  expect(element.getAttribute('resource-type')).toBe('Groups');
  expect(element.getAttribute('profile')).toBe('okta');
  expect(Object.hasOwn(element, 'resourceType')).toBe(false);
  expect(within(element.shadowRoot as unknown as HTMLElement).getByRole('button', { name: /^Generate Groups/ })).toBeDefined();
});
