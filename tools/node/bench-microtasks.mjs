// bench-microtasks.mjs times, in node, the same script text as loopscope's microtask
// benchmarks (loop/bench_test.go: BenchmarkPromiseThen250k, BenchmarkQueueMicrotask100k), so
// that the Go figures can be given as ratios to node's measured in the same sitting.
//
// Usage: node tools/node/bench-microtasks.mjs [RUNS]   (default 9)
//
// Each run is a fresh node process running one script once: the loop is compiled and run for
// the first time, as the Go benchmark does on a fresh loop (one-shot work, cold JIT). A warm
// figure (the same script run again in a process that already ran it 5 times, V8 having
// optimized the loop) is printed beside it for reference; the acceptance ratios use the cold
// one, because loopscope's page runs a script once too.
//
// The time is CPU time (process.cpuUsage, user + system) from just before the loop until the
// microtasks it queued have drained (a setImmediate callback runs after the microtask
// checkpoint of the script), the same span the Go benchmark's cpu-ms/op covers (queueing and
// draining; not process start-up). The median of RUNS runs is printed, with min and max.
import { spawnSync } from 'node:child_process';

// The script texts, as in loop/bench_test.go.
export const scripts = {
  PromiseThen250k: `
var n = 0;
function f() { n++ }
for (var i = 0; i < 250000; i++) Promise.resolve().then(f);
`,
  QueueMicrotask100k: `var n = 0; function f() { n++ } for (var i = 0; i < 100000; i++) queueMicrotask(f);`,
};
const want = { PromiseThen250k: 250000, QueueMicrotask100k: 100000 };

// child is the program each fresh node process runs: SRC as a classic script (vm.runInThisContext,
// so its var declarations are globals, as in a page), WARM earlier runs first, then one timed run.
const child = `
const vm = require('node:vm');
const src = process.env.SRC, warm = Number(process.env.WARM);
const script = new vm.Script(src, { filename: 'bench.js' });
function once(done) {
  const c0 = process.cpuUsage();
  script.runInThisContext();
  setImmediate(() => {
    const c = process.cpuUsage(c0);
    done((c.user + c.system) / 1000, globalThis.n);
  });
}
let left = warm;
(function next() {
  once((ms, n) => {
    if (left-- > 0) return next();
    process.stdout.write(JSON.stringify({ ms, n }));
  });
})();
`;

function run(src, warm) {
  const r = spawnSync(process.execPath, ['-e', child], {
    env: { ...process.env, SRC: src, WARM: String(warm) }, encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const runs = Number(process.argv[2] || 9);
console.log(`node ${process.version}, ${runs} runs each, CPU ms from the loop to the drained queue`);
for (const [name, src] of Object.entries(scripts)) {
  for (const [label, warm] of [['cold', 0], ['warm', 5]]) {
    const ms = [];
    for (let i = 0; i < runs; i++) {
      const r = run(src, warm);
      if (r.n !== want[name]) throw new Error(`${name}: n = ${r.n}, want ${want[name]}`);
      ms.push(r.ms);
    }
    console.log(`${name} ${label}: median ${median(ms).toFixed(1)} ms (min ${Math.min(...ms).toFixed(1)}, max ${Math.max(...ms).toFixed(1)})`);
  }
}
