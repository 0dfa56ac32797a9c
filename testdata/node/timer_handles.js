// Timeout and Immediate objects as a script uses them: its own properties, ref/unref and
// hasRef before and during the callback, a cleared interval, refresh() after the callback,
// instanceof; and a long chain of
// nextTicks with arguments (the queue's slot reused) against a promise and the immediates.
const im = setImmediate((a, b) => console.log('immediate', a, b, 'hasRef', im.hasRef()), 'x', 'y');
console.log('immediate hasRef', im.hasRef(), im.unref().hasRef(), im.ref().hasRef());
im.label = 'mine';
console.log('own property', im.label, 'label' in im, delete im.label, im.label === undefined);
setImmediate(() => {
  const t = setTimeout(() => console.log('timeout ran, hasRef', t.hasRef()), 2);
  t.label = 'mine';
  console.log('own property', t.label, 'label' in t, delete t.label, t.label === undefined);
  console.log('hasRef', t.hasRef(), t.unref() === t, t.hasRef(), t.ref().hasRef());
  console.log('instanceof', t instanceof t.constructor, im instanceof im.constructor, t.constructor === im.constructor);
  let n = 0;
  const iv = setInterval(() => {
    if (++n < 3) return;
    clearInterval(iv);
    console.log('interval cleared after', n, iv.hasRef());
    iv.refresh();
    // refresh() brings back a timer that fired (node's insertGuarded), not a cleared one.
    let k = 0;
    const once = setTimeout(() => {
      console.log('once', ++k);
      if (k < 3) once.refresh();
    }, 1);
  }, 5);
});
let sum = 0;
function tick(i, add) {
  sum += add;
  if (i < 10000) process.nextTick(tick, i + 1, i % 7);
  else console.log('ticks done', i, sum);
}
process.nextTick(tick, 1, 0);
Promise.resolve().then(() => console.log('promise after all the ticks', sum));
