import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DemoServer } from '../../demo/server';
import { startTestDemoServer } from '../support/demo-server';
import { createdLinesFor, sortByText } from '../support/result-lines';
import { generatorOn, linesOf, press, useFirefox, waitForLines } from './support/firefox';

// The demo as `npm start` serves it (the element compiled from src/ by Vite), in Firefox.
const firefox = useFirefox();
let demo: DemoServer;

beforeAll(async () => {
  demo = await startTestDemoServer();
});
afterAll(async () => {
  await demo?.close();
});

it('create a Free key on the key page, then ten Users are created on the generators page', async () => {
  const page = await firefox.open(new URL('/apikey/', demo.url).href);
  await page.waitForFunction(() => document.querySelector('[data-create-key]')?.textContent === 'Create a Free key');
  await page.click('[data-create-key]');
  await page.waitForFunction(() => document.querySelector('[data-key-plan]')?.textContent === 'Free key');
  // Keyboard focus stays on the button that was pressed.
  expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-create-key'))).toBe(true);

  await page.click('nav a[data-nav="/"]');
  const users = await generatorOn(page, 'scim-generator[resource-type="Users"]:not([profile])');
  const batch = await press(users);
  await waitForLines(users);
  expect(sortByText(await linesOf(users))).toEqual(createdLinesFor(batch));
});
