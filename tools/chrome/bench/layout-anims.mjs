// Chromium's side of page's BenchmarkLayoutAnimationsFrame: 1,000 in-flow block divs (the
// same markup as page/animations_bench_linux_test.go's), each running a CSS animation of a
// property that changes its geometry: width (10px to 300px) or margin-left (0 to 200px).
// Chromium runs with the frame rate limit off, so the time between animation frames is
// what a frame costs (style, layout, paint and raster each frame: neither property runs on
// its compositor); the median of 200 frames is printed.
//
//   node bench/layout-anims.mjs              # width and margin-left, 1,000 each
//   node bench/layout-anims.mjs 1000 width
import { chromium } from 'playwright-core';

const CHROME = process.env.CHROME || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-gpu-vsync', '--disable-frame-rate-limit',
  '--no-first-run', '--disable-background-networking', '--disable-component-update'];

const KEYFRAMES = {
  width: 'from { width: 10px } to { width: 300px }',
  'margin-left': 'from { margin-left: 0px } to { margin-left: 200px }',
};

function page(n, prop) {
  const divs = [];
  for (let i = 0; i < n; i++) divs.push(`<div style="animation-delay: -${i % 1000}ms"></div>`);
  return `<!DOCTYPE html><style>body { margin: 0 } @keyframes k { ${KEYFRAMES[prop]} }
div { width: 100px; height: 2px; background: teal; animation: k 1s linear infinite }</style><body>
${divs.join('')}
<script>
const times = [];
let last = 0;
function frame(t) {
  if (last) times.push(t - last);
  last = t;
  if (times.length === 200) {
    times.sort((a, b) => a - b);
    console.log('median ' + times[100].toFixed(2) + ' ms/frame');
    return;
  }
  requestAnimationFrame(frame);
}
requestAnimationFrame(() => requestAnimationFrame(frame));
</script>`;
}

const cases = process.argv[2] ? [[Number(process.argv[2]), process.argv[3] || 'width']]
  : [[1000, 'width'], [1000, 'margin-left']];
const browser = await chromium.launch({ executablePath: CHROME, args: ARGS, headless: true });
for (const [n, prop] of cases) {
  const ctx = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const p = await ctx.newPage();
  const done = new Promise(resolve => p.on('console', m => { if (m.text().startsWith('median')) resolve(m.text()); }));
  await p.setContent(page(n, prop));
  console.log(`${prop} ${n}: ${await done}`);
  await ctx.close();
}
await browser.close();
