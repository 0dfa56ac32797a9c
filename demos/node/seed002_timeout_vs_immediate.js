// From the main module, setTimeout(0) vs setImmediate is a race (seed 002).
setTimeout(() => {
  console.log('timeout');
}, 0);

setImmediate(() => {
  console.log('immediate');
});
