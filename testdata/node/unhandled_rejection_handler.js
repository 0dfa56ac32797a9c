// process.on('unhandledRejection') sees it instead; a late catch still counts as handled.
process.on('unhandledRejection', (reason, p) => {
  console.log('unhandledRejection:', reason instanceof Error ? reason.message : reason, p instanceof Promise);
});
Promise.reject(new Error('one'));
const late = Promise.reject('two');
setTimeout(() => late.catch(() => console.log('caught late')), 1);
const early = Promise.reject(new Error('handled in time'));
Promise.resolve().then(() => early.catch(() => console.log('caught in a microtask')));
async function f() { throw new Error('async'); }
f();
setTimeout(() => console.log('timer'), 5);
