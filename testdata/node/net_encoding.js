// setEncoding makes 'data' strings (a split UTF-8 sequence stays whole); setNoDelay and
// setKeepAlive return the socket.
const net = require('net');
const server = net.createServer((sock) => {
  const b = Buffer.from('€uro');
  sock.write(b.subarray(0, 2));
  setTimeout(() => sock.end(b.subarray(2)), 10);
});
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1');
  console.log(c.setNoDelay(true) === c, c.setKeepAlive(true, 1000) === c, c.setEncoding('utf8') === c);
  c.on('data', (d) => console.log('data', typeof d, JSON.stringify(d)));
  c.on('end', () => { console.log('end'); server.close(); });
});
