import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CallBlock } from './CallBlock';
import { FIRST_SHOWN_CHARS } from './text-slices';

const HEAD = '201 Created\ncontent-type: application/scim+json';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
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
    expect(block()).toBe(`${HEAD}\n\n${shown}`);
    expect(shown.length).toBeLessThanOrEqual(FIRST_SHOWN_CHARS);
    expect(longBody.startsWith(shown)).toBe(true);
    const showAll = screen.getByRole('button', { name: `Show all ${Math.round(new TextEncoder().encode(longBody).byteLength / 1024)} KB` });
    expect(container.textContent).toContain('[cut]');

    act(() => fireEvent.click(showAll));
    expect(block()).toBe(`${HEAD}\n\n${longBody}\n\n[cut]`);
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.activeElement).toBe(container.querySelector('pre'));
  });

  it('puts each line long enough to wrap in a block of its own, with its indent and a <wbr> after each colon of a long URN', () => {
    const body = `{\r\n  "schemas": [\n    "${ENTERPRISE}"\n  ],\n\n  "emoji": "😀😀😀😀😀😀😀😀"\n}`;
    const { container } = render(<CallBlock head={HEAD} body={body} />);
    const pre = container.querySelector('pre');
    expect(pre?.textContent).toBe(`${HEAD}\n\n${body}`);
    const lines = [...(pre?.querySelectorAll<HTMLElement>('.line') ?? [])];
    expect(lines.map((line) => [line.style.getPropertyValue('--indent'), line.textContent])).toEqual([
      ['', 'content-type: application/scim+json\n'],
      ['4', `    "${ENTERPRISE}"\n`],
      ['2', '  "emoji": "😀😀😀😀😀😀😀😀"\n'],
    ]);
    expect(lines[1]?.innerHTML).toBe(`    "${ENTERPRISE.replaceAll(':', ':<wbr>')}"\n`);
  });

  it('keeps the text head, blank line, body, blank line, mark with a body or without one', () => {
    const { container } = render(<CallBlock head={HEAD} mark="[cut]" />);
    expect(container.querySelector('pre')?.textContent).toBe(`${HEAD}\n\n[cut]`);
    const { container: empty } = render(<CallBlock head={HEAD} body="" />);
    expect(empty.querySelector('pre')?.textContent).toBe(`${HEAD}\n\n`);
  });

  it('names a mark inside the body beside Show all while the part that holds it is not shown, and a mark after the body too', () => {
    const inner = '[cut: nested deeper]';
    const { container } = render(<CallBlock head={HEAD} body={`${longBody}${inner}`} mark="[cut]" innerMarks={[inner, 'absent']} />);
    expect(container.querySelector('.show-all')?.textContent).toMatch(/^Show all \d+ KB \[cut: nested deeper\] \[cut\]$/);
    const { container: shownAlready } = render(<CallBlock head={HEAD} body={`${inner}${longBody}`} innerMarks={[inner]} />);
    expect(shownAlready.querySelector('.show-all')?.textContent).toMatch(/^Show all \d+ KB$/);
  });
});
