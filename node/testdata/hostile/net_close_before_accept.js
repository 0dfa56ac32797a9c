// A server closed right after its client connected (a nextTick after connect's own), before it accepts: the client's
// connection is reset or ended; the process ends.
const net = require('net');
const server = net.createServer(() => console.log('accepted?'));
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1');
  c.on('error', () => {});
  c.on('close', () => console.log('client closed'));
  c.resume();
  process.nextTick(() => server.close(() => console.log('server closed')));
});
