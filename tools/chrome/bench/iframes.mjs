// Chromium's side of page's BenchmarkIframeLayoutFrame: 10,000 block divs laid out again every
// frame, held by 10 iframes' documents of 1,000 each ("iframes") or by 10 divs of the page
// ("top"), the same markup as page/iframes_bench_linux_test.go's: each frame the page's rAF
// sets the width of each iframe document's body (or of each div) to 290px or 300px by turns.
// Chromium runs with the frame rate limit off, so the time between animation frames is what
// a frame costs (style, layout, paint and raster); the median of 100 frames is printed.
//
//   node bench/iframes.mjs
import { chromium } from 'playwright-core';

const CHROME = process.env.CHROME || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-gpu-vsync', '--disable-frame-rate-limit',
  '--no-first-run', '--disable-background-networking', '--disable-component-update'];

const N = 10, PER = 1000;
const blocks = '<div></div>'.repeat(PER);
const style = '<style>body { margin: 0 } div { height: 1px; margin-bottom: 1px; background: rgb(0, 0, 255) }</style>';

const measure = `<script>
window.onload = () => {
  const targets = TARGETS;
  const times = [];
  let last = 0, i = 0;
  function frame(t) {
    i++;
    for (const el of targets) el.style.cssText = 'width: ' + (290 + i % 2 * 10) + 'px; height: 100px; overflow: hidden';
    if (last) times.push(t - last);
    last = t;
    if (times.length === 100) {
      times.sort((a, b) => a - b);
      console.log('median ' + times[50].toFixed(2) + ' ms/frame');
      return;
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(() => requestAnimationFrame(frame));
};
</script>`;

function pages() {
  let top = '<!doctype html>' + style.replace('div {', '.c > div {') + "<body style='margin: 0'>";
  let frames = "<!doctype html><style>iframe { border: 0; width: 300px; height: 100px }</style><body style='margin: 0'>";
  for (let i = 0; i < N; i++) {
    top += `<div class=c style='width: 300px; height: 100px; overflow: hidden'>${blocks}</div>`;
    frames += `<iframe srcdoc="<!doctype html>${style}<body style='width: 300px'>${blocks}"></iframe>`;
  }
  return {
    'iframes-10x1000': frames + measure.replace('TARGETS', '[...document.querySelectorAll("iframe")].map(f => f.contentDocument.body)'),
    'top-10000': top + measure.replace('TARGETS', '[...document.body.children].filter(e => e.tagName === "DIV")'),
  };
}

const browser = await chromium.launch({ executablePath: CHROME, args: ARGS, headless: true });
for (const [name, html] of Object.entries(pages())) {
  const ctx = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const p = await ctx.newPage();
  const done = new Promise(resolve => p.on('console', m => { if (m.text().startsWith('median')) resolve(m.text()); }));
  await p.setContent(html);
  console.log(`${name}: ${await done}`);
  await ctx.close();
}
await browser.close();
