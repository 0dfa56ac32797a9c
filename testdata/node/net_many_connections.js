// 50 clients in a row against one server: every one echoed, counted, then all closed.
const net = require('net');
let served = 0;
const server = net.createServer((sock) => {
  served++;
  sock.on('data', (d) => sock.end(d));
});
server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  let done = 0;
  for (let i = 0; i < 50; i++) {
    const c = net.connect(port, '127.0.0.1', () => c.write(String(i)));
    let got = '';
    c.on('data', (d) => { got += d; });
    c.on('end', () => {
      if (got !== String(i)) console.log('wrong echo', i, got);
      if (++done === 50) {
        server.getConnections((e, n) => console.log('connections at the end', n >= 0));
        server.close(() => console.log('served', served, 'done', done));
      }
    });
  }
});
