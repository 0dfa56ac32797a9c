// A nextTick that queues itself for ever: node would never reach the next phase.
let n = 0;
function again() { n++; process.nextTick(again); }
console.log('start');
again();
