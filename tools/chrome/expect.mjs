#!/usr/bin/env node
// expect.mjs — the Chrome oracle: runs loopscope test pages in Debian's /usr/bin/chromium and
// prints (or records) exactly what Chrome logs, in the format loopscope prints (format.mjs).
//
// usage: node expect.mjs [--runs N] [--write] [--quiet] CASE.json|PAGE.html ...
//   CASE.json   a case file (see testdata/README.md); its `spec` runs are executed against the
//               NAME.html beside it. Runs in other modes are skipped (their expected output
//               comes from the seeds, not from Chrome).
//   PAGE.html   one spec run with no query, no actions and the default duration.
//   --runs N    run every spec run N times (a fresh browser context each time) and report the
//               distinct outputs with their counts.
//   --write     store the result in the case file: `expected` = the most frequent output,
//               `alternatives` = the other outputs (only when Chrome produced more than one),
//               `expected_errors` = the uncaught errors of the most frequent output (removed when
//               none), `source` = the Chrome version and the counts.
//
// One run: load file://…/NAME.html + query in an 800×600 page; t0 = the page's load event; each
// action fires at t0 + at_ms (real: a trusted mouse click through CDP Input at the centre of the
// element's bounding box; synthetic: element.click() called from Runtime.evaluate); then wait
// until t0 + duration_ms, or, without duration_ms, until nothing was logged for 1 s after the
// last action (at most t0 + 3 s) and a 0 ms timer set by the tool has run (see timerBarrier).
//
// Console lines come from Runtime.consoleAPICalled (log, info, warning, error, debug, dir, …);
// uncaught errors from Runtime.exceptionThrown ("Uncaught …", "Uncaught (in promise) …").
// Runtime.exceptionRevoked (a rejection handled late) is ignored: the error line was already
// printed, as loopscope prints it to stderr, which cannot be taken back.

import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { resolve, dirname, basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatMessage, formatValue } from './format.mjs';

const CHROME = '/usr/bin/chromium';
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // A page's workers from files beside it (file: URLs are opaque origins: without this flag
  // Chrome refuses `new Worker('w.js')` from a file: page with a SecurityError).
  '--allow-file-access-from-files',
];
const QUIET_MS = 1000;
const MAX_QUIET_RUN_MS = 3000;
const VIEWPORT = { width: 800, height: 600 };

function parseArgs(argv) {
  const opts = { runs: 1, write: false, quiet: false, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') {
      opts.runs = Number(argv[++i]);
      if (!Number.isInteger(opts.runs) || opts.runs < 1) throw new Error('--runs needs a positive integer');
    } else if (a === '--write') {
      opts.write = true;
    } else if (a === '--quiet') {
      opts.quiet = true;
    } else if (a.startsWith('-')) {
      throw new Error(`unknown flag ${a}`);
    } else {
      opts.files.push(a);
    }
  }
  if (opts.files.length === 0) throw new Error('usage: node expect.mjs [--runs N] [--write] [--quiet] CASE.json|PAGE.html ...');
  return opts;
}

// loadCase returns {jsonPath, htmlPath, data} for a .json or .html argument.
function loadCase(file) {
  const path = resolve(file);
  if (extname(path) === '.html') {
    const json = join(dirname(path), basename(path, '.html') + '.json');
    if (existsSync(json)) return loadCase(json);
    return { jsonPath: null, htmlPath: path, data: { runs: [{ mode: 'spec' }] } };
  }
  const data = JSON.parse(readFileSync(path, 'utf8'));
  const htmlPath = join(dirname(path), basename(path, '.json') + '.html');
  if (!existsSync(htmlPath)) throw new Error(`${path}: no page ${htmlPath}`);
  if (!Array.isArray(data.runs)) throw new Error(`${path}: no "runs" array`);
  return { jsonPath: path, htmlPath, data };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

// runOnce loads the page once and returns {lines, errors}.
async function runOnce(browser, htmlPath, run) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const messages = []; // {kind: 'log'|'error', args|exception, text}
    let lastOutput = 0;
    cdp.on('Runtime.consoleAPICalled', (e) => {
      messages.push({ kind: 'log', type: e.type, args: e.args });
      lastOutput = Date.now();
    });
    cdp.on('Runtime.exceptionThrown', (e) => {
      messages.push({ kind: 'error', details: e.exceptionDetails });
      lastOutput = Date.now();
    });
    await cdp.send('Runtime.enable');
    const workerNames = attachWorkers(cdp, messages, () => { lastOutput = Date.now(); });
    page.on('console', (msg) => {
      const w = msg.worker();
      if (!w) return; // the window's lines come from Runtime.consoleAPICalled above
      messages.push({ kind: 'log', text: msg.text(), worker: { url: w.url() } });
      lastOutput = Date.now();
    });
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
    const url = pathToFileURL(htmlPath).href + (run.query ?? '');
    await page.goto(url, { waitUntil: 'load' });
    const t0 = Date.now();
    lastOutput = Math.max(lastOutput, t0);

    const actions = [...(run.actions ?? [])].sort((a, b) => a.at_ms - b.at_ms);
    const pointer = { x: 0, y: 0 };
    for (const action of actions) {
      await sleep(t0 + action.at_ms - Date.now());
      await performAction(page, cdp, action, pointer);
      lastOutput = Math.max(lastOutput, Date.now());
    }
    if (run.duration_ms != null) {
      await sleep(t0 + run.duration_ms - Date.now());
    } else {
      for (;;) {
        const now = Date.now();
        const until = Math.min(lastOutput + QUIET_MS, t0 + MAX_QUIET_RUN_MS);
        if (now < until) {
          await sleep(Math.min(until - now, 100));
          continue;
        }
        // On a loaded machine the renderer can fall more than a second behind. A 0 ms timer
        // round trip is queued behind every timer already due, so once it returns those have
        // run; if they logged, keep waiting for quiet.
        const before = messages.length;
        await timerBarrier(page);
        if (messages.length === before || Date.now() >= t0 + MAX_QUIET_RUN_MS) break;
      }
    }
    const snapshot = messages.slice();
    await nameFunctions(cdp, snapshot);
    const lines = [];
    const errors = [];
    for (const m of snapshot) {
      const name = m.worker ? m.worker.name ?? workerNames.get(m.worker.url) ?? '' : '';
      const prefix = m.worker ? `[worker${name ? ' ' + name : ''}] ` : '';
      if (m.kind === 'log' && m.text !== undefined) lines.push(prefix + m.text);
      else if (m.kind === 'log') lines.push(prefix + formatMessage(m.args));
      else errors.push(prefix + formatException(m.details));
    }
    return { lines, errors };
  } finally {
    await context.close();
  }
}

// attachWorkers records the uncaught errors of the page's dedicated workers in messages, each
// marked with its worker ({name}: loopscope prefixes a worker's lines with "[worker NAME] ",
// or "[worker] " when it has no name), and returns the workers' names by script URL. The
// tool's own CDP session auto-attaches to them in the non-flattened mode
// (Target.sendMessageToTarget). Their console lines come from Playwright's console event
// (msg.worker()): Playwright's session holds a worker until it listens, this one may not
// (a worker that ends at once can be gone before it is heard), and the lines are the text
// Playwright gives (the arguments' previews: strings and numbers as loopscope prints them).
function attachWorkers(cdp, messages, noteOutput) {
  const names = new Map();
  let nextId = 1;
  const send = (sessionId, method, params = {}) =>
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: nextId++, method, params }) }).catch(() => {});
  const workers = new Map(); // sessionId → {name}
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type !== 'worker') {
      send(e.sessionId, 'Runtime.runIfWaitingForDebugger');
      return;
    }
    workers.set(e.sessionId, { name: '' });
    send(e.sessionId, 'Runtime.enable');
    send(e.sessionId, 'Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
    send(e.sessionId, 'Runtime.runIfWaitingForDebugger');
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const w = workers.get(e.sessionId);
    if (!w) return;
    const msg = JSON.parse(e.message);
    if (msg.method === 'Runtime.executionContextCreated') {
      w.name = msg.params.context.name ?? '';
      names.set(msg.params.context.origin, w.name);
    } else if (msg.method === 'Runtime.exceptionThrown') {
      messages.push({ kind: 'error', details: msg.params.exceptionDetails, worker: w });
      noteOutput();
    }
  });
  return names;
}

// timerBarrier returns once the page has run a 0 ms timer set now (and so every task before it).
async function timerBarrier(page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

// performAction performs one action (testdata/README.md lists the kinds):
//   {"click": SEL, "kind": "real"|"synthetic"}  a trusted click at the element's centre, or
//                                               element.click();
//   {"click": SEL, "button": B, "count": 2}     the click with another button (left, middle,
//                                               right), or a double click (Playwright's
//                                               clickCount: press, release, press, release);
//   {"move": [x, y], "steps": k, "burst": b}   the mouse moved to (x, y), in k equal steps from
//                                               where it is, one a frame (16 ms apart), or all
//                                               at once with burst: k CDP mouse moves sent
//                                               without waiting for each to be acknowledged,
//                                               so they reach the renderer inside one frame;
//   {"wheel": [dx, dy], "at": SEL}             the mouse moved to the element's centre (when
//                                               given), then one wheel event;
//   {"key": NAME}                              keyboard.press(NAME) (Playwright's key names);
//   {"resize": [w, h]}                         the viewport resized.
// pointer is the run's mouse position, {x, y}.
async function performAction(page, cdp, action, pointer) {
  if (action.move) {
    const [x, y] = action.move;
    const steps = Math.max(1, action.steps ?? 1);
    if (action.burst) {
      // Playwright's mouse.move(x, y, {steps}) waits for each move's acknowledgement, which
      // Chrome gives only once the move was dispatched (at the next frame): one a frame.
      const sent = [];
      for (let i = 1; i <= steps; i++) {
        const px = pointer.x + ((x - pointer.x) * i) / steps;
        const py = pointer.y + ((y - pointer.y) * i) / steps;
        sent.push(cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: px, y: py, button: 'none', buttons: 0 }));
      }
      await Promise.all(sent);
    } else {
      for (let i = 1; i <= steps; i++) {
        if (i > 1) await sleep(16);
        await page.mouse.move(pointer.x + ((x - pointer.x) * i) / steps, pointer.y + ((y - pointer.y) * i) / steps);
      }
    }
    pointer.x = x;
    pointer.y = y;
    return;
  }
  if (action.wheel) {
    if (action.at) {
      const c = await centreOf(page, action.at);
      await page.mouse.move(c.x, c.y);
      pointer.x = c.x;
      pointer.y = c.y;
    }
    await page.mouse.wheel(action.wheel[0], action.wheel[1]);
    return;
  }
  if (action.key != null) {
    await page.keyboard.press(action.key);
    return;
  }
  if (action.resize) {
    await page.setViewportSize({ width: action.resize[0], height: action.resize[1] });
    return;
  }
  const sel = action.click;
  if (typeof sel !== 'string') throw new Error(`unknown action: ${JSON.stringify(action)}`);
  const kind = action.kind ?? 'real';
  if (kind === 'synthetic') {
    await page.evaluate((s) => document.querySelector(s).click(), sel);
    return;
  }
  if (kind !== 'real') throw new Error(`unknown action kind ${kind}`);
  const box = await centreOf(page, sel);
  await page.mouse.click(box.x, box.y, { button: action.button ?? 'left', clickCount: action.count ?? 1 });
  pointer.x = box.x;
  pointer.y = box.y;
}

// centreOf is the centre of the first element matching sel, in viewport coordinates.
async function centreOf(page, sel) {
  const box = await page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, sel);
  if (!box) throw new Error(`no element matches ${sel}`);
  return box;
}

// describeAction names an action in a run's description.
function describeAction(a) {
  if (a.move) return `move ${a.move}${a.steps ? ` in ${a.steps}${a.burst ? ' at once' : ''}` : ''}`;
  if (a.wheel) return `wheel ${a.wheel}${a.at ? ` at ${a.at}` : ''}`;
  if (a.key != null) return `key ${JSON.stringify(a.key)}`;
  if (a.resize) return `resize ${a.resize}`;
  return `${a.kind ?? 'real'} ${a.click}${a.button ? ` ${a.button}` : ''}${a.count ? ` ×${a.count}` : ''}`;
}

// nameFunctions asks the inspector for the name of every function logged at top level.
async function nameFunctions(cdp, messages) {
  for (const m of messages) {
    if (m.kind !== 'log' || m.worker) continue;
    for (const a of m.args) {
      if (a.type !== 'function' || !a.objectId) continue;
      try {
        const r = await cdp.send('Runtime.callFunctionOn', {
          objectId: a.objectId,
          functionDeclaration: 'function() { return this.name; }',
          returnByValue: true,
        });
        if (typeof r.result.value === 'string') a.functionName = r.result.value;
      } catch {
        // the object is gone; format.mjs falls back to parsing the source text
      }
    }
  }
}

function formatException(d) {
  const text = d.text ?? 'Uncaught';
  if (d.exception) return `${text} ${formatValue(d.exception)}`;
  return text;
}

// perThread is a run's output with the lines of each thread together (`"order":
// "per-thread"`, testdata/README.md): the window's lines in their order, then each worker's
// ("[worker NAME] ..."), the workers sorted by prefix. Two threads' lines interleave as the
// threads race; only the order within a thread (and what messages cause) is Chrome's answer.
export function perThread(o) {
  const split = (lines) => {
    const groups = new Map();
    const win = [];
    for (const l of lines) {
      const m = /^\[worker[^\]]*\] /.exec(l);
      if (!m) { win.push(l); continue; }
      if (!groups.has(m[0])) groups.set(m[0], []);
      groups.get(m[0]).push(l);
    }
    return [...win, ...[...groups.keys()].sort().flatMap((k) => groups.get(k))];
  };
  return { lines: split(o.lines), errors: split(o.errors) };
}

function outputKey(o) {
  return JSON.stringify([o.lines, o.errors]);
}

// tally groups outputs, most frequent first (ties: first seen first).
function tally(outputs) {
  const groups = new Map();
  for (const o of outputs) {
    const k = outputKey(o);
    if (!groups.has(k)) groups.set(k, { ...o, count: 0 });
    groups.get(k).count++;
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

function describeRun(run, i) {
  const parts = [`run ${i}`, run.mode];
  if (run.query) parts.push(run.query);
  if (run.actions?.length) parts.push(run.actions.map((a) => `${describeAction(a)}@${a.at_ms}`).join(', '));
  return parts.join(' ');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS, headless: true });
  const version = browser.version();
  let failed = false;
  try {
    for (const file of opts.files) {
      let c;
      try {
        c = loadCase(file);
      } catch (e) {
        console.error(`${file}: ${e.message}`);
        failed = true;
        continue;
      }
      let changed = false;
      for (const [i, run] of c.data.runs.entries()) {
        if ((run.mode ?? 'spec') !== 'spec') continue;
        const outputs = [];
        for (let n = 0; n < opts.runs; n++) {
          const o = await runOnce(browser, c.htmlPath, run);
          outputs.push(run.order === 'per-thread' ? perThread(o) : o);
        }
        const groups = tally(outputs);
        console.log(`== ${file} ${describeRun(run, i)}: ${groups.length} distinct output(s) in ${opts.runs} run(s)`);
        for (const g of groups) {
          console.log(`-- ${g.count}×`);
          if (!opts.quiet) {
            for (const l of g.lines) console.log(l);
            for (const e of g.errors) console.log(`stderr: ${e}`);
          }
        }
        if (c.jsonPath && run.expected && !opts.write) {
          const want = outputKey({ lines: run.expected, errors: run.expected_errors ?? [] });
          const alts = (run.alternatives ?? []).map((a) => outputKey({ lines: a, errors: run.expected_errors ?? [] }));
          const bad = groups.filter((g) => outputKey(g) !== want && !alts.includes(outputKey(g)));
          console.log(bad.length === 0 ? '   matches the recorded expectation' : `   DIFFERS from the recorded expectation in ${bad.reduce((s, g) => s + g.count, 0)} run(s)`);
          if (bad.length) failed = true;
        }
        if (opts.write && c.jsonPath) {
          const [main, ...rest] = groups;
          run.expected = main.lines;
          const alts = [];
          for (const g of rest) {
            const k = JSON.stringify(g.lines);
            if (k !== JSON.stringify(main.lines) && !alts.some((a) => JSON.stringify(a) === k)) alts.push(g.lines);
          }
          if (alts.length) run.alternatives = alts;
          else delete run.alternatives;
          if (main.errors.length) run.expected_errors = main.errors;
          else delete run.expected_errors;
          const errorSets = new Set(groups.map((g) => JSON.stringify(g.errors)));
          const counts = groups.length === 1
            ? `${opts.runs} runs identical`
            : `${opts.runs} runs: ${groups.map((g) => g.count).join(' + ')} (expected first, then each alternative; Chrome races here)`;
          run.source = `Chrome ${version} headless, tools/chrome/expect.mjs, ${counts}` +
            (errorSets.size > 1 ? '; uncaught errors differed between runs, expected_errors are those of the expected output' : '');
          changed = true;
        }
      }
      if (changed) {
        writeFileSync(c.jsonPath, JSON.stringify(c.data, null, 2) + '\n');
        console.log(`   wrote ${c.jsonPath}`);
      }
    }
  } finally {
    await browser.close();
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((e) => {
  console.error(e.stack ?? String(e));
  process.exitCode = 2;
});
