// Chromium's side of page's BenchmarkOneChangePerFrame: a page of N divs (the same markup
// as page/frame_bench_linux_test.go's divsPage) where every animation frame changes one
// div's background-color (or width, or removes one div and inserts a new one). Chromium runs with the frame rate limit off, so the
// time between animation frames is what a frame costs; the median of 200 frames is printed.
//
//   node bench/divs.mjs                 # 1,000 / 10,000 / 100,000 divs, every change
//   node bench/divs.mjs 10000 width     # (background, transform, transform-moves, width or insert-remove)
import { chromium } from 'playwright-core';

const CHROME = process.env.CHROME || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-gpu-vsync', '--disable-frame-rate-limit',
  '--no-first-run', '--disable-background-networking', '--disable-component-update'];

function page(n, change) {
  const divs = [];
  for (let i = 0; i < n; i++) divs.push(`<div class=d id=d${i}>${i}</div>`);
  const set = {
    width: `d.style.width = (100 + i % 300) + 'px'`,
    background: `d.style.backgroundColor = colours[i % 4]`,
    transform: `d.style.transform = 'translateX(' + (1 + i % 300) + 'px)'`,
    // eight divs spread over the page take turns (the Go benchmark's transform-moves)
    'transform-moves': `{ const m = all[(i % 8) * ${Math.floor(n / 8)}];
    m.style.transform = 'translate(' + (1 + Math.floor(i / 8) % 300) + '.25px, 0.5px)'; }`,
    // one div removed and a new one inserted elsewhere, as the Go benchmark does
    'insert-remove': `{ const b = document.body, k = b.children.length;
    b.children[(i * 7919) % ${n} % k].remove();
    const nd = document.createElement('div'); nd.className = 'd'; nd.textContent = 'new ' + i;
    b.insertBefore(nd, b.children[(i * 104729) % ${n} % (k - 1)]); }`,
  }[change];
  return `<!DOCTYPE html><style>body { margin: 0 } .d { height: 12px; font-size: 10px; background: #eef }</style><body>
${divs.join('\n')}
<script>
const all = document.querySelectorAll('.d'), colours = ['#f00', '#0a0', '#00f', '#fa0'];
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
  const d = all[(i * 7919) % all.length];
  ${set};
  i++;
  requestAnimationFrame(frame);
}
requestAnimationFrame(() => requestAnimationFrame(frame));
</script>`;
}

const sizes = process.argv[2] ? [Number(process.argv[2])] : [1000, 10000, 100000];
const changes = process.argv[3] ? [process.argv[3]] : ['background', 'width', 'insert-remove'];
const browser = await chromium.launch({ executablePath: CHROME, args: ARGS, headless: true });
for (const change of changes) {
  for (const n of sizes) {
    const ctx = await browser.newContext({ viewport: { width: 800, height: 600 } });
    const p = await ctx.newPage();
    const done = new Promise(resolve => p.on('console', m => { if (m.text().startsWith('median')) resolve(m.text()); }));
    await p.setContent(page(n, change));
    console.log(`${change} ${n}: ${await done}`);
    await ctx.close();
  }
}
await browser.close();
