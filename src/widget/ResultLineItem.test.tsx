import { describe, expect, it } from 'vitest';
import { answer, mountGenerator, press, setUpGeneratorPage, shownLines } from '../test-support/element';

const page = setUpGeneratorPage();

describe('result lines', () => {
  it('each answer adds one line and leaves the lines already shown untouched, node for node', async () => {
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 201);
    const list = generator.shadow.querySelector('[part="results"]');
    const first = list?.firstElementChild;
    if (!list || !first) throw new Error('the first answer showed no line');
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(list, { subtree: true, childList: true, characterData: true, attributes: true });

    for (const [index, call] of page.server.calls.slice(1).entries()) {
      await answer(call, index % 2 ? 201 : 409);
      expect(shownLines(generator)).toHaveLength(index + 2);
    }
    changes.push(...observer.takeRecords());
    observer.disconnect();

    expect(list.firstElementChild).toBe(first);
    expect(changes.every((change) => change.type === 'childList' && change.target === list)).toBe(true);
    expect(changes.flatMap((change) => [...change.removedNodes])).toEqual([]);
    expect(changes.flatMap((change) => [...change.addedNodes])).toHaveLength(9);
  });
});

describe('a group name', () => {
  it('may break after each underscore, and reads the same', async () => {
    const generator = mountGenerator({ 'resource-type': 'Groups', 'base-url': 'https://scim.example.com/scim/v2' });
    press(generator);
    const [call] = page.server.calls;
    await answer(call, 201);
    const displayName = (call?.body as { displayName: string }).displayName;
    const name = generator.shadow.querySelector('[part="name"]');
    expect(name?.textContent).toBe(displayName);
    expect(name?.querySelectorAll('wbr')).toHaveLength(displayName.split('_').length - 1);
    expect(name?.innerHTML.split('<wbr>').every((part, index, all) => index === all.length - 1 || part.endsWith('_'))).toBe(true);
  });
});
