// An uncaught exception prints the error on stderr and exits with status 1.
setTimeout(() => console.log('never: timer'), 0);
Promise.resolve().then(() => console.log('never: promise'));
console.log('before throw');
throw new Error('boom');
