// An unref'd client socket does not keep the process alive; the server is closed at once.
const net = require('net');
const server = net.createServer((sock) => {
  console.log('connection');
  sock.unref();
  server.close();
  server.unref();
});
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1', () => {
    console.log('connect');
    c.unref();
  });
});
process.on('exit', () => console.log('exit'));
