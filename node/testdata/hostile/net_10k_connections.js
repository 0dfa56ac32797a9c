// A server accepting 10,000 connections from the same script, 200 open at a time.
const net = require('net');
const N = 10000, WIDE = 200;
let accepted = 0, closed = 0, started = 0;
const server = net.createServer((sock) => { accepted++; sock.end('x'); });
server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  const one = () => {
    started++;
    const c = net.connect(port, '127.0.0.1');
    c.resume();
    c.on('error', (e) => { console.log('error', e.code); });
    c.on('close', () => {
      closed++;
      if (started < N) one();
      else if (closed === N) server.close(() => console.log('accepted', accepted, 'closed', closed));
    });
  };
  for (let i = 0; i < WIDE; i++) one();
});
