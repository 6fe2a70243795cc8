import { describe, expect, it, vi } from 'vitest';
import { answer, mountGenerator, press, setUpGeneratorPage, shownLines } from '../test-support/element';
import { ResultLineItem } from './ResultLineItem';

const page = setUpGeneratorPage();

describe('result lines', () => {
  it('render one line per arriving answer, without rendering the lines already shown again', async () => {
    // A memo component keeps the function it wraps in `type`; React calls it once per line render.
    const lineRenders = vi.spyOn(ResultLineItem as unknown as { type: (props: object) => unknown }, 'type');
    const generator = mountGenerator();
    press(generator);

    for (const [index, call] of page.server.calls.entries()) {
      await answer(call, 201);
      expect(shownLines(generator)).toHaveLength(index + 1);
      expect(lineRenders).toHaveBeenCalledTimes(index + 1);
    }
  });
});
