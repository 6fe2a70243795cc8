import r2wc from '@r2wc/react-to-web-component';
import { act } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { resetRemovedAttribute, type R2wcElement } from './r2wc-reset';

// A bare r2wc element: what src/element/element.ts relies on, without the widget around it.
const Shows = ({ text }: { text?: string }) => createElement('output', null, text ?? 'default');
const Bare = r2wc(Shows, { shadow: 'open', props: { text: 'string' } }) as unknown as { new (): R2wcElement };
customElements.define('r2wc-reset-probe', Bare);

function mount(): R2wcElement {
  const element = document.createElement('r2wc-reset-probe') as R2wcElement;
  element.setAttribute('text', 'set');
  act(() => document.body.append(element));
  return element;
}

const shown = (element: R2wcElement) => element.shadowRoot?.querySelector('output')?.textContent;

describe("r2wc's handling of a removed attribute (pinned version; these fail loudly if r2wc changes it)", () => {
  it('keeps the last value when an attribute is removed, which is why the reset exists', () => {
    const element = mount();
    act(() => element.removeAttribute('text'));
    expect(shown(element)).toBe('set');
  });

  it('resetRemovedAttribute sets the prop back to undefined and re-renders, so the default shows', async () => {
    const element = mount();
    expect(shown(element)).toBe('set');
    await act(async () => resetRemovedAttribute(element, 'text'));
    expect(shown(element)).toBe('default');
  });
});
