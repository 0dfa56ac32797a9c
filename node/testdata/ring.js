// The phase ring, stepped: a timeout, an immediate and a tick from the main module.
setTimeout(function timeout() { console.log('timeout'); }, 0);
setImmediate(function immediate() { console.log('immediate'); });
process.nextTick(function tick() { console.log('tick'); });
console.log('main');
