// The JS stack box inside a timeout callback and an immediate: the script's frames only.
function inner(where) { console.log(where); }
setTimeout(function outer() { inner('timeout'); }, 0);
setImmediate(() => inner('immediate'));
process.nextTick(function tick() { inner('tick'); });
