// Chrome's JS heap over time for a page, after a forced GC at each sample: the figure the
// soak (scripts/soak.sh) is compared with.
//   node heap.mjs PAGE.html [SECONDS...]     e.g. node heap.mjs ../../testdata/hostile/soak.html 10 60 180
import { chromium } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const [page, ...secs] = process.argv.slice(2);
if (!page) {
  console.error('usage: node heap.mjs PAGE.html [SECONDS...]');
  process.exit(2);
}
const at = secs.length ? secs.map(Number) : [10, 60, 120];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const p = await browser.newPage();
const cdp = await p.context().newCDPSession(p);
await p.goto(pathToFileURL(path.resolve(page)).href);
const t0 = Date.now();
for (const s of at) {
  await new Promise(r => setTimeout(r, Math.max(0, s * 1000 - (Date.now() - t0))));
  await cdp.send('HeapProfiler.collectGarbage');
  const u = await cdp.send('Runtime.getHeapUsage');
  console.log(`${s}s  JS heap used ${(u.usedSize / 1048576).toFixed(2)} MiB  total ${(u.totalSize / 1048576).toFixed(2)} MiB`);
}
await browser.close();
