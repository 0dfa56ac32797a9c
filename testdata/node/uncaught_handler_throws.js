// An 'uncaughtException' listener that throws: fatal, exit status 7.
process.on('uncaughtException', (err) => {
  console.log('handler got', err.message);
  throw new Error('again');
});
setTimeout(() => console.log('never: timer'), 0);
throw new Error('first');
