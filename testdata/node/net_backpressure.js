// write() returns false once the buffer is over highWaterMark; 'drain' when it is written.
const net = require('net');
const server = net.createServer((sock) => {
  sock.pause();
  setTimeout(() => sock.resume(), 30);
  let n = 0;
  sock.on('data', (d) => { n += d.length; });
  sock.on('end', () => { console.log('server got whole chunks', n % 65536 === 0, n > 65536); sock.end(); server.close(); });
});
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1', () => {
    const chunk = Buffer.alloc(64 * 1024, 97);
    let writes = 0;
    while (c.write(chunk)) writes++;
    console.log('write returned false after', writes > 0 ? 'some writes' : 'one write', 'writableLength > hwm', c.writableLength > c.writableHighWaterMark, c.writableNeedDrain);
    c.once('drain', () => {
      console.log('drain', c.writableLength, c.writableNeedDrain);
      c.end();
    });
  });
  c.on('close', () => console.log('client close'));
});
