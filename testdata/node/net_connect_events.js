// A client's events in order: connect (its callback first), ready; the server's connection.
const net = require('net');
const log = [];
const server = net.createServer((sock) => {
  console.log('server: connection');
  sock.end();
});
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1', () => console.log('client: connect callback'));
  c.on('connect', () => console.log('client: connect event'));
  c.on('ready', () => console.log('client: ready'));
  c.on('lookup', () => console.log('client: lookup?!'));
  c.on('end', () => console.log('client: end'));
  c.on('close', () => { console.log('client: close'); server.close(); });
  c.resume();
  process.nextTick(() => console.log('nextTick after connect()'));
});
