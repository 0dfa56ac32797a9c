// An unref'd timer does not keep the process alive; ref() brings it back.
const t = setTimeout(() => console.log('never: unref'), 3000);
t.unref();
console.log('hasRef', t.hasRef());
const u = setTimeout(() => console.log('ref again'), 10);
u.unref();
u.ref();
console.log('hasRef u', u.hasRef());
const iv = setInterval(() => console.log('never: interval'), 1000).unref();
console.log('unref returns the timeout', iv instanceof Object, typeof iv.ref);
setImmediate(() => console.log('immediate')).unref();
