#!/usr/bin/env node
// run.mjs — runs web-platform-tests testharness.js files in Chromium and in loopscope and
// compares them subtest by subtest. The WPT files live in a scratch folder outside the
// repository (never copied into it); see README.md for how they get there.
//
// usage: node run.mjs [--root DIR] [--out DIR] [--bin FILE] [--timeout MS] [--json FILE]
//                     [--only chrome|loopscope] [--verbose] TEST|DIR ...
//   TEST  a test file relative to the root (dom/ranges/Range-set.html); DIR: every *.html
//         under it that is not a helper (resources/, support/, *-ref.html, *-iframe.html, ...).
//   --root DIR     the scratch WPT root (default /work/scratch/wpt)
//   --out DIR      where the run copies go (default /tmp/wpt-run)
//   --bin FILE     a headless loopscope binary (default: go build -tags headless -o
//                  /tmp/ls-wpt . in the repository, done once per run)
//   --timeout MS   how long one file may run in each browser (default 30000)
//   --json FILE    also write every result as JSON
//
// One file: loopscope loads only scripts inside the page's own folder, so each test gets a
// folder of its own, OUT/<test path>/, holding the test (its <script src> rewritten to
// w/<path from the WPT root>) and a copy of every script it names under w/. The harness's
// /resources/testharnessreport.js is replaced by reporter.js, which prints one console line
// per subtest (WPT-RESULT {json}) and one at the end (WPT-DONE {json}). The same folder is
// loaded in both browsers: Chromium from its file: URL (as tools/chrome/expect.mjs loads
// cases), loopscope as `BIN -headless -duration T -script-timeout T -max-heap 4GiB FILE`; each run ends at
// WPT-DONE or at the timeout.
//
// The report: per file and per directory, the subtests Chromium passes, how many of those
// loopscope passes, and each of those loopscope fails with its status and message.

import { createRequire } from 'node:module';
import { readFileSync, writeFileSync, mkdirSync, existsSync, statSync, readdirSync, rmSync } from 'node:fs';
import { resolve, dirname, join, relative, posix } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { spawn, execFileSync } from 'node:child_process';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const { chromium } = createRequire(join(repo, 'tools/chrome/package.json'))('playwright-core');

const CHROME = '/usr/bin/chromium';
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--allow-file-access-from-files'];
const VIEWPORT = { width: 800, height: 600 };
const STATUS = ['PASS', 'FAIL', 'TIMEOUT', 'NOTRUN', 'PRECONDITION_FAILED'];
const HARNESS = ['OK', 'ERROR', 'TIMEOUT', 'PRECONDITION_FAILED'];

function parseArgs(argv) {
  const o = { root: '/work/scratch/wpt', out: '/tmp/wpt-run', bin: '', timeout: 30000, json: '', only: '', verbose: false, tests: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--root') o.root = resolve(argv[++i]);
    else if (a === '--out') o.out = resolve(argv[++i]);
    else if (a === '--bin') o.bin = resolve(argv[++i]);
    else if (a === '--timeout') o.timeout = Number(argv[++i]);
    else if (a === '--json') o.json = resolve(argv[++i]);
    else if (a === '--only') o.only = argv[++i];
    else if (a === '--verbose') o.verbose = true;
    else if (a.startsWith('-')) throw new Error(`unknown flag ${a}`);
    else o.tests.push(a);
  }
  if (o.tests.length === 0) throw new Error('usage: node run.mjs [--root DIR] [--out DIR] [--bin FILE] TEST|DIR ...');
  return o;
}

// isTest tells a testharness test file from the helpers and reference files beside it.
function isTest(rel) {
  if (!rel.endsWith('.html') && !rel.endsWith('.htm')) return false;
  if (/(^|\/)(resources|support|common)\//.test(rel)) return false;
  return !/(-ref|-iframe|-expected|-notref)\.html?$/.test(rel) && !/(^|\/)iframe\.html$/.test(rel);
}

function expand(root, arg) {
  const full = join(root, arg);
  if (!existsSync(full)) throw new Error(`${full}: no such file`);
  if (!statSync(full).isDirectory()) return [arg];
  const out = [];
  for (const e of readdirSync(full, { withFileTypes: true })) {
    const rel = posix.join(arg, e.name);
    if (e.isDirectory()) out.push(...expand(root, rel).filter(isTest));
    else if (isTest(rel)) out.push(rel);
  }
  return out.sort();
}

const SCRIPT_SRC = /(<script\b[^>]*?\bsrc\s*=\s*)(["']?)([^"'\s>]+)\2/gi;

// prepare writes the run folder of one test and returns the page's path there.
function prepare(o, test) {
  const dir = join(o.out, test);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'w'), { recursive: true });
  const name = posix.basename(test);
  const testURL = '/' + test;
  const copied = new Set();
  const copy = (path) => {
    if (copied.has(path)) return;
    copied.add(path);
    const to = join(dir, 'w', path);
    mkdirSync(dirname(to), { recursive: true });
    if (path === 'resources/testharnessreport.js') {
      writeFileSync(to, readFileSync(join(here, 'reporter.js')));
      return;
    }
    const from = join(o.root, path);
    if (!existsSync(from)) {
      console.error(`  ${test}: ${path} is not in the scratch root (the page will miss it)`);
      return;
    }
    writeFileSync(to, readFileSync(from));
  };
  // rewrite points a page's scripts at their copies under w/; up is the way from the page's
  // place in the run folder back to the folder (a helper page in resources/ is one deeper).
  const rewrite = (html, pageURL, up) => html.replace(SCRIPT_SRC, (m, pre, q, src) => {
    if (/^[a-z]+:/i.test(src)) return m; // data:, http:, ...
    const clean = src.split(/[?#]/)[0];
    const abs = clean.startsWith('/') ? clean : posix.join(posix.dirname(pageURL), clean);
    const path = posix.normalize(abs).replace(/^\//, '');
    copy(path);
    return `${pre}${q || '"'}${up}w/${path}${q || '"'}`;
  });
  const text = readFileSync(join(o.root, test), 'utf8');
  const page = join(dir, name);
  writeFileSync(page, rewrite(text, testURL, ''));
  // Helper pages the test names by a relative path (an iframe's Range-test-iframe.html,
  // resources/iframe.html) are prepared beside it the same way, so that a browser with
  // iframes finds them; loopscope has none (docs/wpt.md counts what that costs).
  for (const [, rel] of text.matchAll(/["']([\w.-]+(?:\/[\w.-]+)*\.html)[?#"']/g)) {
    const helper = posix.normalize(posix.join(posix.dirname(test), rel));
    if (rel.startsWith('.') || helper === test || !existsSync(join(o.root, helper))) continue;
    const up = '../'.repeat(rel.split('/').length - 1);
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), rewrite(readFileSync(join(o.root, helper), 'utf8'), '/' + helper, up));
  }
  return page;
}

// parseLines reads the reporter's console lines.
function parseLines(lines) {
  const subtests = [];
  let done = null;
  for (const line of lines) {
    const i = line.indexOf('WPT-RESULT ');
    const j = line.indexOf('WPT-DONE ');
    try {
      if (i >= 0) subtests.push(JSON.parse(line.slice(i + 11)));
      else if (j >= 0) done = JSON.parse(line.slice(j + 9));
    } catch { /* a line cut by a kill */ }
  }
  return { subtests, done };
}

async function runChrome(browser, page, timeout) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const lines = [];
  try {
    const p = await context.newPage();
    let finish;
    const finished = new Promise((r) => { finish = r; });
    p.on('console', (msg) => {
      lines.push(msg.text());
      if (msg.text().startsWith('WPT-DONE ')) finish();
    });
    p.on('pageerror', (e) => lines.push('Uncaught ' + e.message));
    await p.goto(pathToFileURL(page).href, { waitUntil: 'load', timeout }).catch((e) => lines.push('load: ' + e.message));
    let timer;
    await Promise.race([finished, new Promise((r) => { timer = setTimeout(r, timeout); })]);
    clearTimeout(timer);
  } finally {
    await context.close();
  }
  return parseLines(lines);
}

function runLoopscope(bin, page, timeout) {
  return new Promise((resolveRun) => {
    // A file of thousands of subtests is one long script task: the watchdog's default (5 s)
    // would stop it, so it gets the whole timeout.
    const secs = `${Math.ceil(timeout / 1000)}s`;
    // So is the heap limit: testharness keeps every subtest, and a file of 20,000 (Range-set)
    // grows goja's heap past the default 1 GiB in the task that reports them.
    const child = spawn(bin, ['-headless', '-duration', secs, '-script-timeout', secs, '-max-heap', '4GiB', page], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout + 15000);
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('WPT-DONE ')) {
        const end = out.indexOf('\n', out.indexOf('WPT-DONE '));
        if (end >= 0) child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (d) => { err += d; });
    child.on('close', () => {
      clearTimeout(timer);
      const r = parseLines(out.split('\n'));
      r.stderr = err.trim().split('\n').filter(Boolean).slice(0, 5);
      resolveRun(r);
    });
  });
}

function fmtStatus(s) { return s ? STATUS[s.status] ?? String(s.status) : 'MISSING'; }

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (!o.bin && o.only !== 'chrome') {
    o.bin = '/tmp/ls-wpt';
    console.error('building loopscope (go build -tags headless -o /tmp/ls-wpt .)');
    execFileSync('go', ['build', '-tags', 'headless', '-o', o.bin, '.'], { cwd: repo, stdio: 'inherit' });
  }
  const tests = o.tests.flatMap((t) => expand(o.root, t));
  const browser = o.only === 'loopscope' ? null : await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS, headless: true });
  const results = [];
  try {
    for (const test of tests) {
      const page = prepare(o, test);
      let t = Date.now();
      const chrome = browser ? await runChrome(browser, page, o.timeout) : { subtests: [], done: null };
      const chromeMs = Date.now() - t;
      t = Date.now();
      const ours = o.only === 'chrome' ? { subtests: [], done: null } : await runLoopscope(o.bin, page, o.timeout);
      const r = summarize(test, chrome, ours);
      r.chromeMs = chromeMs;
      r.loopscopeMs = Date.now() - t;
      results.push(r);
      printFile(r, o.verbose);
    }
  } finally {
    if (browser) await browser.close();
  }
  printDirs(results);
  if (o.json) writeFileSync(o.json, JSON.stringify(results, null, 1) + '\n');
}

function summarize(test, chrome, ours) {
  const byName = new Map(ours.subtests.map((s) => [s.name, s]));
  const passing = chrome.subtests.filter((s) => s.status === 0);
  const failures = [];
  let passed = 0;
  for (const s of passing) {
    const mine = byName.get(s.name);
    if (mine && mine.status === 0) passed++;
    else failures.push({ name: s.name, status: fmtStatus(mine), message: mine?.message ?? '' });
  }
  return {
    test,
    dir: posix.dirname(test),
    chromeTotal: chrome.subtests.length,
    chromePass: passing.length,
    chromeHarness: chrome.done ? HARNESS[chrome.done.status] : 'NO RESULT',
    loopscopePass: passed,
    loopscopeTotalPass: ours.subtests.filter((s) => s.status === 0).length,
    loopscopeHarness: ours.done ? HARNESS[ours.done.status] + (ours.done.message ? ': ' + ours.done.message : '') : 'NO RESULT',
    stderr: ours.stderr ?? [],
    failures,
  };
}

function printFile(r, verbose) {
  const mark = r.loopscopePass === r.chromePass ? 'ok  ' : 'MISS';
  console.log(`${mark} ${r.test}: Chromium passes ${r.chromePass}/${r.chromeTotal} (${r.chromeHarness}), loopscope ${r.loopscopePass} of those (${r.loopscopeHarness}); wall ms: Chromium ${r.chromeMs}, loopscope ${r.loopscopeMs}`);
  for (const f of r.failures) console.log(`       ${f.status} ${f.name}${f.message ? ': ' + f.message : ''}`);
  if ((verbose || r.loopscopeHarness !== 'OK') && r.stderr.length) for (const l of r.stderr) console.log(`       stderr: ${l}`);
}

function printDirs(results) {
  const dirs = new Map();
  for (const r of results) {
    const top = topDir(r.test);
    const d = dirs.get(top) ?? { files: 0, chromePass: 0, loopscopePass: 0 };
    d.files++;
    d.chromePass += r.chromePass;
    d.loopscopePass += r.loopscopePass;
    dirs.set(top, d);
  }
  console.log('\ndirectory | files run | subtests Chromium passes | of those loopscope passes');
  for (const [dir, d] of dirs) console.log(`${dir} | ${d.files} | ${d.chromePass} | ${d.loopscopePass}`);
}

// topDir groups a test under the directory it was asked for at the usual depth (the six of
// issue 26 are two or three levels deep: dom/ranges, html/interaction/focus, ...).
function topDir(test) {
  const parts = test.split('/');
  const depth = parts[0] === 'html' || parts[0] === 'web-animations' ? 3 : parts[0] === 'dom' ? 2 : 1;
  return parts.slice(0, Math.min(depth, parts.length - 1)).join('/');
}

main().catch((e) => {
  console.error(e.stack || String(e));
  process.exit(1);
});
