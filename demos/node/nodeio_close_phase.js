// A socket's 'close' event: which phase runs it, against an immediate and a timeout queued
// when the socket ends?
const net = require('net');
const server = net.createServer((sock) => sock.end('bye'));
server.listen(0, '127.0.0.1', () => {
  const client = net.connect(server.address().port, '127.0.0.1');
  client.resume();
  client.on('end', () => {
    console.log('end');
    setTimeout(() => console.log('timeout'), 0);
    setImmediate(() => console.log('immediate'));
  });
  client.on('close', () => {
    console.log('close');
    server.close();
  });
});
