// An exception thrown by an 'exit' listener is printed and the status is 1.
process.on('exit', (code) => {
  console.log('exit', code);
  throw new Error('in exit');
});
console.log('main');
