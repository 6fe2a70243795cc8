// The element from its TypeScript source: Vite compiles it on the fly, no build needed.
import '../src/entries/index';
import { DEFAULT_API_KEY_PATH } from '../src/public/constants';
import { startKeyPage } from './key-page';
import { fitFrame } from './fit-frame';
import { startKeyStatus } from './key-status';
import { PAGE_PATHS } from './pages';
import { showPlanLimits } from './plans';
import { startRouter, type Page } from './router';

function pageElement(path: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[data-page="${path}"]`);
  if (!element) throw new Error(`The demo page has no section for ${path}`);
  return element;
}

const pages: Page[] = PAGE_PATHS.map((path) => {
  const element = pageElement(path);
  return { path, element, title: element.dataset.title ?? document.title };
});

startRouter(pages);
const limits = showPlanLimits(document);
startKeyPage(pageElement(DEFAULT_API_KEY_PATH), limits);
const keyStatus = document.querySelector<HTMLElement>('[data-key-status]');
if (keyStatus) startKeyStatus(keyStatus);
const ownServerFrame = document.querySelector<HTMLIFrameElement>('[data-own-server-frame]');
if (ownServerFrame) fitFrame(ownServerFrame);
