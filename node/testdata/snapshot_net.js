const net = require('net');
const idle = net.createServer();
idle.listen(0, '127.0.0.1', () => {
  idle.unref();
  const server = net.createServer((s) => s.on('end', () => s.destroy()));
  server.listen(0, '127.0.0.1', () => {
    const c = net.connect(server.address().port, '127.0.0.1', () => {
      snap();
      c.destroy();
      server.close();
      idle.close();
    });
  });
});
