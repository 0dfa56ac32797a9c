// The poll phase waits for the next timer: a 1 ms timeout queued from a 1 ms timeout.
setTimeout(function one() {
  console.log('one');
  setTimeout(function two() { console.log('two'); }, 1);
}, 1);
console.log('main');
