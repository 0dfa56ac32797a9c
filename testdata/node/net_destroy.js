// destroy(): 'close' without 'end'; destroy(err): 'error' then 'close' with hadError true.
const net = require('net');
const server = net.createServer((sock) => { sock.resume(); });
server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  const a = net.connect(port, '127.0.0.1', () => {
    a.on('end', () => console.log('a end?!'));
    a.on('close', (h) => console.log('a close', h, a.destroyed));
    a.destroy();
    console.log('a destroyed', a.destroyed, 'writable', a.writable);
    process.nextTick(() => console.log('tick after destroy'));
    setImmediate(() => console.log('immediate after destroy'));
  });
  const b = net.connect(port, '127.0.0.1', () => {
    b.on('error', (e) => console.log('b error', e.message));
    b.on('close', (h) => { console.log('b close', h); server.close(); });
    setTimeout(() => b.destroy(new Error('boom')), 20);
  });
});
