// A client that never reads: the server writes as long as write() says it may and waits
// for 'drain', which does not come; the script ends it after a while. The data in flight
// stays bounded (the kernel's buffers and one highWaterMark), whatever the time.
const net = require('net');
let written = 0, falses = 0;
const server = net.createServer((sock) => {
  const chunk = Buffer.alloc(64 * 1024, 120);
  const pump = () => {
    while (sock.write(chunk)) written += chunk.length;
    written += chunk.length;
    falses++;
    sock.once('drain', pump);
  };
  pump();
  sock.on('error', () => {});
});
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1');
  c.pause();
  setTimeout(() => {
    console.log('written', written < 64 * 1024 * 1024 ? 'bounded' : written, 'falses', falses >= 1);
    c.destroy();
    server.close();
    server.unref();
    setTimeout(() => process.exit(0), 50);
  }, 300);
});
