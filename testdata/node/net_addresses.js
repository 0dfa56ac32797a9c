// Addresses and counters of both ends of a connection.
const net = require('net');
const server = net.createServer((sock) => {
  console.log('server side', sock.remoteAddress, sock.remoteFamily, typeof sock.remotePort, sock.localAddress, sock.localPort === server.address().port);
  sock.on('data', (d) => { console.log('server bytesRead', sock.bytesRead); sock.end(d); });
});
server.listen({ port: 0, host: '127.0.0.1', backlog: 8 }, () => {
  const c = net.createConnection({ port: server.address().port, host: '127.0.0.1' }, () => {
    const a = c.address();
    console.log('client side', c.remoteAddress, c.remoteFamily, c.remotePort === server.address().port, a.address, a.family, typeof a.port);
    console.log('connecting', c.connecting, 'pending', c.pending, 'readyState', c.readyState);
    c.write('12345');
  });
  console.log('before connect', c.connecting, c.pending, c.readyState, c.remoteAddress);
  c.on('data', (d) => console.log('client bytesRead', c.bytesRead, 'bytesWritten', c.bytesWritten, String(d)));
  c.on('close', () => { console.log('closed', c.readyState); server.close(); });
});
