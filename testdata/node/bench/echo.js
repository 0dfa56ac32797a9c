// 10,000 echo round trips over one loopback connection: the client writes 'ping', the
// server echoes it, the client's 'data' writes the next.
const net = require('net');
const N = 10000;
const server = net.createServer((sock) => sock.on('data', (d) => sock.write(d)));
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1');
  let n = 0;
  let t0;
  c.on('connect', () => { t0 = process.hrtime.bigint(); c.write('ping'); });
  c.on('data', () => {
    if (++n < N) { c.write('ping'); return; }
    console.log('echo', n, Number(process.hrtime.bigint() - t0) / 1e6, 'ms');
    c.destroy();
    server.close();
  });
  c.on('close', () => server.unref());
});
