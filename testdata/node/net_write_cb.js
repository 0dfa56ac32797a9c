// write() on a connected socket: returns true, its callback in a nextTick after the
// ones queued before; 'finish' after end's callback; bytesWritten counts bytes.
const net = require('net');
const server = net.createServer((sock) => {
  sock.resume();
  sock.on('end', () => { sock.end(); server.close(); });
});
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1');
  c.on('connect', () => {
    process.nextTick(() => console.log('tick before write'));
    console.log('write returns', c.write('héllo', () => console.log('write 1 cb')));
    console.log('write returns', c.write(Buffer.from([1, 2, 3]), () => console.log('write 2 cb')));
    process.nextTick(() => console.log('tick after write'));
    Promise.resolve().then(() => console.log('microtask'));
    console.log('bytesWritten now', c.bytesWritten);
    c.end(() => console.log('end cb'));
  });
  c.on('finish', () => console.log('finish', c.bytesWritten));
  c.on('close', () => console.log('close'));
});
