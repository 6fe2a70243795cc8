import { launchChromium, pressAfterPreload, pressAtOnce } from './browser.ts';
import { selfSignedCertificate } from './certificate.ts';
import { startBenchServer } from './server.ts';
const server = await startBenchServer('HTTP/1.1', selfSignedCertificate());
const browser = await launchChromium();
for (let i = 0; i < 4; i++) { const t = performance.now(); const r = await pressAfterPreload(browser, server.origin, 'HTTP/1.1', 0); console.log('preload run', Math.round(performance.now() - t), JSON.stringify(r)); }
for (let i = 0; i < 2; i++) { const t = performance.now(); const r = await pressAtOnce(browser, server.origin, 'HTTP/1.1', 0); console.log('atonce run', Math.round(performance.now() - t), JSON.stringify(r)); }
await browser.close(); await server.close();
