// Phases in one iteration after I/O: poll (I/O) -> check (immediates) -> timers.
const fs = require('fs');
fs.readFile(__filename, () => {
  console.log('poll: readFile');
  setTimeout(() => console.log('timers: timeout'), 0);
  setImmediate(() => {
    console.log('check: immediate');
    process.nextTick(() => console.log('nextTick after immediate'));
  });
  process.nextTick(() => console.log('nextTick after readFile'));
});
