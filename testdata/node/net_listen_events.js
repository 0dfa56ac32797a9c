// listen() binds at once; 'listening' comes in a nextTick, the listen callback is its listener.
const net = require('net');
const server = net.createServer();
server.on('listening', () => console.log('listening event'));
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  console.log('listen callback', a.address, a.family, typeof a.port, a.port > 0);
  console.log('listening', server.listening);
  server.close(() => console.log('close callback', server.listening));
  console.log('after close()', server.address());
});
console.log('listening now?', server.listening, server.address());
process.nextTick(() => console.log('nextTick queued before'));
setImmediate(() => console.log('immediate'));
Promise.resolve().then(() => console.log('microtask'));
