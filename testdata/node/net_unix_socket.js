// A server on a Unix socket path: address() is the path, a client connects by path.
const net = require('net');
const path = '/tmp/loopscope-net-' + process.pid + '.sock';
const server = net.createServer((sock) => {
  sock.setEncoding('utf8');
  sock.on('data', (d) => { console.log('server got', d); sock.end(d.toUpperCase()); });
});
server.listen(path, () => {
  console.log('listening on path', server.address() === path);
  const c = net.connect(path, () => console.log('client connect'));
  c.setEncoding('utf8');
  c.on('data', (d) => console.log('client got', d));
  c.on('end', () => console.log('client end'));
  c.on('close', () => server.close(() => console.log('server closed')));
  c.write('hi');
});
