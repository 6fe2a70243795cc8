import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenTagAppears } from './autoload';
import { TAG_NAME } from '../public/constants';

// The loader's watch for the tag (src/entries/autoload.ts), in happy-dom's MutationObserver.
const mutationsDone = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => document.body.replaceChildren());

describe('whenTagAppears', () => {
  it('calls back at once when the tag is already in the document, and watches nothing', async () => {
    document.body.innerHTML = `<main><${TAG_NAME}></${TAG_NAME}></main>`;
    const observe = vi.spyOn(MutationObserver.prototype, 'observe');
    const found = vi.fn();
    whenTagAppears(document, found);
    expect(found).toHaveBeenCalledTimes(1);
    expect(observe).not.toHaveBeenCalled();
    observe.mockRestore();
  });

  it('calls back once when the tag joins later, deep in an added subtree, then stops watching', async () => {
    const disconnect = vi.spyOn(MutationObserver.prototype, 'disconnect');
    const found = vi.fn();
    whenTagAppears(document, found);
    document.body.append(document.createElement('p'));
    await mutationsDone();
    expect(found).not.toHaveBeenCalled();

    const section = document.createElement('section');
    section.innerHTML = `<div><${TAG_NAME} resource-type="Groups"></${TAG_NAME}></div>`;
    document.body.append(section);
    await mutationsDone();
    expect(found).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();

    document.body.append(document.createElement(TAG_NAME));
    await mutationsDone();
    expect(found).toHaveBeenCalledTimes(1);
    disconnect.mockRestore();
  });

  it('finds the tag added later to an open shadow root whose host joined the page', async () => {
    const found = vi.fn();
    whenTagAppears(document, found);
    const host = document.createElement('docs-tabs');
    const shadow = host.attachShadow({ mode: 'open' });
    document.body.append(host);
    await mutationsDone();
    expect(found).not.toHaveBeenCalled();

    shadow.append(document.createElement(TAG_NAME));
    await mutationsDone();
    expect(found).toHaveBeenCalledTimes(1);
  });

  it('stops without calling back when told to', async () => {
    const found = vi.fn();
    const stop = whenTagAppears(document, found);
    stop();
    document.body.append(document.createElement(TAG_NAME));
    await mutationsDone();
    expect(found).not.toHaveBeenCalled();
  });
});
