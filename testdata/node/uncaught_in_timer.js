// An exception thrown in a timer callback ends the process with status 1.
setTimeout(() => {
  console.log('timer 1');
  Promise.resolve().then(() => console.log('never: promise after throw'));
  throw new TypeError('bad thing');
}, 0);
setTimeout(() => console.log('never: timer 2'), 0);
