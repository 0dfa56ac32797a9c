// setImmediate against an I/O callback queued from the poll phase, and a timer: the
// connect callback is in the poll phase, so its immediate runs before its timeout.
const net = require('net');
const server = net.createServer((s) => s.destroy());
server.listen(0, '127.0.0.1', () => {
  console.log('poll? no: listen callback is a nextTick');
  setTimeout(() => console.log('timeout from listen cb'), 0);
  setImmediate(() => console.log('immediate from listen cb'));
  const c = net.connect(server.address().port, '127.0.0.1', () => {
    console.log('connect (poll)');
    setTimeout(() => console.log('timeout from connect'), 0);
    setImmediate(() => console.log('immediate from connect'));
  });
  c.on('close', () => { console.log('close'); server.close(); });
  c.on('error', (e) => console.log('error', e.code));
});
