import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CallBlock } from './CallBlock';
import { FIRST_SHOWN_CHARS } from './text-slices';

const HEAD = '201 Created\ncontent-type: application/scim+json';
const longBody = JSON.stringify({ items: Array.from({ length: 5000 }, (_, index) => ({ index, value: `é-${index}` })) }, null, 2);

describe('CallBlock', () => {
  it('shows a short body whole, with its mark, and no Show all', () => {
    const { container } = render(<CallBlock head={HEAD} body={'{\n  "id": "1"\n}'} mark="[cut]" />);
    expect(container.querySelector('pre')?.textContent).toBe(`${HEAD}\n\n{\n  "id": "1"\n}\n\n[cut]`);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it(`puts the first ${FIRST_SHOWN_CHARS} characters of a long body in the DOM at first, then all of it, byte for byte, on Show all`, () => {
    const { container } = render(<CallBlock head={HEAD} body={longBody} mark="[cut]" />);
    const block = () => container.querySelector('pre')?.textContent ?? '';
    const shown = block().slice(`${HEAD}\n\n`.length);
    expect(shown.length).toBeLessThanOrEqual(FIRST_SHOWN_CHARS);
    expect(longBody.startsWith(shown)).toBe(true);
    const showAll = screen.getByRole('button', { name: `Show all ${Math.round(new TextEncoder().encode(longBody).byteLength / 1024)} KB` });
    expect(container.textContent).toContain('[cut]');

    act(() => fireEvent.click(showAll));
    expect(block()).toBe(`${HEAD}\n\n${longBody}\n\n[cut]`);
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.activeElement).toBe(container.querySelector('pre'));
  });

  it('names a mark inside the body beside Show all while the part that holds it is not shown, and a mark after the body too', () => {
    const inner = '[cut: nested deeper]';
    const { container } = render(<CallBlock head={HEAD} body={`${longBody}${inner}`} mark="[cut]" innerMarks={[inner, 'absent']} />);
    expect(container.querySelector('.show-all')?.textContent).toMatch(/^Show all \d+ KB \[cut: nested deeper\] \[cut\]$/);
    const { container: shownAlready } = render(<CallBlock head={HEAD} body={`${inner}${longBody}`} innerMarks={[inner]} />);
    expect(shownAlready.querySelector('.show-all')?.textContent).toMatch(/^Show all \d+ KB$/);
  });
});
