// end(data): the peer gets the data then 'end'; 'finish' once the shutdown is done; both
// sides close.
const net = require('net');
const server = net.createServer((sock) => {
  sock.setEncoding('utf8');
  sock.on('data', (d) => console.log('server data', d));
  sock.on('end', () => console.log('server end'));
  sock.on('finish', () => console.log('server finish'));
  sock.on('close', () => { console.log('server socket close'); server.close(); });
});
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1');
  c.on('finish', () => console.log('client finish'));
  c.on('end', () => console.log('client end'));
  c.on('close', () => console.log('client close'));
  c.resume();
  c.end('bye', () => console.log('client end callback'));
});
