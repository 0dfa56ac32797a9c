// Chromium's side of page's BenchmarkTenThousandAnimationsFrame: N absolutely positioned
// 4×4 divs (the same markup as page/animations_bench_linux_test.go's), each running a CSS
// animation of opacity (0 to 1), transform (translateX(0) to translateX(3.5px)) or left,
// with an animationiteration listener counting. Chromium runs with the frame rate limit
// off, so the time between animation frames is what a frame costs (opacity and transform
// run on its compositor); the median of 200 frames (or FRAMES) is printed.
//
//   node bench/anims.mjs                    # opacity 1,000 and 10,000, transform and left 10,000
//   node bench/anims.mjs 10000 transform
//   FRAMES=20 node bench/anims.mjs 10000 opacity   # headless software compositing takes seconds a frame
import { chromium } from 'playwright-core';

const CHROME = process.env.CHROME || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-gpu-vsync', '--disable-frame-rate-limit',
  '--no-first-run', '--disable-background-networking', '--disable-component-update'];

const FRAMES = Number(process.env.FRAMES || 200);
const KEYFRAMES = {
  opacity: 'from { opacity: 0 } to { opacity: 1 }',
  transform: 'from { transform: translateX(0) } to { transform: translateX(3.5px) }',
  left: 'from { left: 0 } to { left: 1px }',
};

function page(n, prop) {
  const divs = [];
  for (let i = 0; i < n; i++) divs.push(`<div style="top: ${i % 600}px; animation-delay: -${i % 1000}ms"></div>`);
  return `<!DOCTYPE html><style>body { margin: 0 } @keyframes k { ${KEYFRAMES[prop]} }
div { position: absolute; width: 4px; height: 4px; background: teal; animation: k 1s linear infinite }</style><body>
<script>let n = 0; document.addEventListener('animationiteration', () => n++);</script>
${divs.join('\n')}
<script>
const times = [], FRAMES = ${FRAMES};
let last = 0;
function frame(t) {
  if (last) times.push(t - last);
  last = t;
  if (times.length === FRAMES) {
    times.sort((a, b) => a - b);
    console.log('median ' + times[FRAMES >> 1].toFixed(2) + ' ms/frame');
    return;
  }
  requestAnimationFrame(frame);
}
requestAnimationFrame(() => requestAnimationFrame(frame));
</script>`;
}

const cases = process.argv[2] ? [[Number(process.argv[2]), process.argv[3] || 'opacity']]
  : [[1000, 'opacity'], [10000, 'opacity'], [10000, 'transform'], [10000, 'left']];
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
