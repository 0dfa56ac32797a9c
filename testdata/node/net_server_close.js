// server.close(cb) stops accepting; cb (and 'close') wait until the last connection ends.
const net = require('net');
const server = net.createServer((sock) => {
  server.getConnections((err, n) => console.log('getConnections', err, n));
  server.close(() => console.log('server close cb'));
  console.log('close() called, listening', server.listening);
  setTimeout(() => sock.end(), 10);
});
server.on('close', () => console.log('server close event'));
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1');
  c.resume();
  c.on('end', () => console.log('client end'));
  c.on('close', () => console.log('client close'));
});
