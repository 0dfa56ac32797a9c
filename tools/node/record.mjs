// record.mjs runs every testdata/node/*.js and demos/node/*.js script with this machine's
// node, RUNS times each, and writes testdata/node/expected/NAME.json: every distinct result node printed (stdout, the
// headline of stderr, the exit status) with how often it came. The Go tests (package node)
// accept any recorded variant. Usage: node tools/node/record.mjs [RUNS] [NAME.js ...]
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out_dir = resolve(here, '../../testdata/node/expected');
const dirs = [resolve(here, '../../testdata/node'), resolve(here, '../../demos/node')];
const runs = Number(process.argv[2] || 20);
const only = process.argv.slice(3);
const scripts = dirs.flatMap((dir) => readdirSync(dir)
  .filter((f) => f.endsWith('.js') && (only.length === 0 || only.includes(f)))
  .sort().map((f) => ({ dir, f })));

// headline is the line of node's stderr that names the error: the first non-empty line after
// the source excerpt and its caret ("Error: boom", "[UnhandledPromiseRejection: ...]"), else
// the first non-empty line. File paths and the stack are machine-specific and not compared.
function headline(stderr) {
  // "(node:PID)" in warnings differs from run to run.
  const lines = stderr.replace(/\(node:\d+\)/g, '(node:PID)').split('\n');
  const caret = lines.findIndex((l) => /^\s*\^+\s*$/.test(l));
  for (let i = caret + 1; i < lines.length; i++) {
    if (lines[i].trim() !== '') return lines[i];
  }
  return '';
}

for (const { dir, f } of scripts) {
  const variants = new Map();
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(process.execPath, [f], { cwd: dir, encoding: 'utf8', timeout: 60000 });
    if (r.error || r.stdout === null) {
      console.error(f, 'run failed, again:', r.error);
      i--;
      continue;
    }
    const v = { stdout: r.stdout, stderr: headline(r.stderr), exit: r.status };
    const key = JSON.stringify(v);
    const seen = variants.get(key);
    if (seen) seen.count++;
    else variants.set(key, { ...v, count: 1, stderr_full: r.stderr.split(dir).join('<dir>').replace(/\(node:\d+\)/g, '(node:PID)') });
  }
  const out = { node: process.version, runs, variants: [...variants.values()] };
  writeFileSync(join(out_dir, f.replace(/\.js$/, '.json')), JSON.stringify(out, null, 2) + '\n');
  console.log(f, [...variants.values()].map((v) => v.count).join('+'));
}
