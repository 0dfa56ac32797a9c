// allowHalfOpen: the server sees the client's end, still writes, then ends itself.
const net = require('net');
const server = net.createServer({ allowHalfOpen: true }, (sock) => {
  let got = '';
  sock.setEncoding('utf8');
  sock.on('data', (d) => { got += d; });
  sock.on('end', () => {
    console.log('server end, got', got, 'writable', sock.writable);
    sock.write('reply to ' + got, () => console.log('server write cb'));
    setTimeout(() => sock.end(' and bye'), 5);
  });
  sock.on('close', () => { console.log('server socket close'); server.close(); });
});
server.listen(0, '127.0.0.1', () => {
  const c = net.connect({ port: server.address().port, host: '127.0.0.1', allowHalfOpen: true });
  let got = '';
  c.setEncoding('utf8');
  c.on('data', (d) => { got += d; });
  c.on('end', () => { console.log('client end, got', got); c.end(); });
  c.on('finish', () => console.log('client finish'));
  c.on('close', () => console.log('client close'));
  c.end('hello');
});
