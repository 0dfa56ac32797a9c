// An echo server's 'data' lands in the poll phase: its nextTick and promise run at once,
// then the check phase's immediate, then the timer.
const net = require('net');
const server = net.createServer((sock) => {
  sock.on('data', (d) => sock.write(d));
  sock.on('end', () => sock.end());
});
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1', () => c.write('ping'));
  c.on('data', (d) => {
    console.log('poll: data', String(d));
    setTimeout(() => {
      console.log('timers: timeout');
      c.end();
    }, 0);
    setImmediate(() => console.log('check: immediate'));
    Promise.resolve().then(() => console.log('microtask'));
    process.nextTick(() => console.log('nextTick'));
  });
  c.on('close', () => {
    console.log('client close');
    server.close(() => console.log('server closed'));
  });
});
