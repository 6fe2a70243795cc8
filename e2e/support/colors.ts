import type { Locator, Page } from '@playwright/test';

/** Any CSS colour as the sRGB bytes it paints: computed colours come in several syntaxes (rgb(), lch(), color()). */
export function painted(page: Page, color: string): Promise<number[]> {
  return page.evaluate((css) => {
    const context = Object.assign(document.createElement('canvas'), { width: 1, height: 1 }).getContext('2d');
    if (!context) throw new Error('No 2D canvas to paint colours on');
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  }, color);
}

/** The background and text colours a button paints, as sRGB bytes. */
export async function buttonColors(button: Locator): Promise<{ background: number[]; text: number[] }> {
  const { background, text } = await button.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, text: style.color };
  });
  return { background: await painted(button.page(), background), text: await painted(button.page(), text) };
}

export const BLACK = [0, 0, 0];
export const WHITE = [255, 255, 255];
