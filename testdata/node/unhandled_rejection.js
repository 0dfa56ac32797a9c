// Node 20: an unhandled rejection is an uncaught exception (stderr, status 1).
Promise.reject(new Error('rejected'));
process.nextTick(() => console.log('nextTick runs first'));
Promise.resolve().then(() => console.log('promise runs first'));
setTimeout(() => console.log('never: timer'), 0);
console.log('main');
