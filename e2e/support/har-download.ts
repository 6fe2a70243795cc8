import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';

export interface SavedHar {
  log: { entries: { request: { method: string; url: string; headers: { name: string; value: string }[] }; response: { status: number; content: { text?: string } }; comment: string }[] };
}

/** Presses the element's Download HAR and reads the file the browser saved. */
export async function downloadHar(page: Page, element: Locator): Promise<{ har: SavedHar; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), element.getByRole('button', { name: 'Download HAR' }).click()]);
  const text = await readFile(await download.path(), 'utf8');
  return { har: JSON.parse(text) as SavedHar, text };
}
