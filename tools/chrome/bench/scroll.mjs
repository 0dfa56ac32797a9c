// Chromium's side of render's BenchmarkScrollFrame10000Lines: a page of 10,000 lines of
// text (the same markup) scrolled by 40 px in every animation frame. Chromium runs with
// the frame rate limit off, so the time between animation frames is what a frame costs;
// the median of 200 frames is printed.
//
//   node bench/scroll.mjs
import { chromium } from 'playwright-core';

const CHROME = process.env.CHROME || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-gpu-vsync', '--disable-frame-rate-limit',
  '--no-first-run', '--disable-background-networking', '--disable-component-update'];

const lines = [];
for (let i = 0; i < 10000; i++) lines.push(`<div>line ${i} of a long page, scrolled by the wheel</div>`);
const html = `<!DOCTYPE html><style>body { margin: 8px; font-size: 14px }</style><body>
${lines.join('')}
<script>
const times = [];
let i = 0, last = 0;
function frame(t) {
  if (last) times.push(t - last);
  last = t;
  if (times.length === 200) {
    times.sort((a, b) => a - b);
    console.log('median ' + times[100].toFixed(2) + ' ms/frame');
    return;
  }
  i++;
  scrollTo(0, (i * 40) % (document.documentElement.scrollHeight - innerHeight));
  requestAnimationFrame(frame);
}
requestAnimationFrame(() => requestAnimationFrame(frame));
</script>`;

const browser = await chromium.launch({ executablePath: CHROME, args: ARGS, headless: true });
const ctx = await browser.newContext({ viewport: { width: 800, height: 600 } });
const p = await ctx.newPage();
const done = new Promise(resolve => p.on('console', m => { if (m.text().startsWith('median')) resolve(m.text()); }));
await p.setContent(html);
console.log(`scroll 10000 lines: ${await done}`);
await browser.close();
