// listen on a port in use: 'error' with EADDRINUSE from a nextTick; the first server is fine.
const net = require('net');
const a = net.createServer();
a.listen(0, '127.0.0.1', () => {
  const port = a.address().port;
  const b = net.createServer();
  b.on('listening', () => console.log('b listening?!'));
  b.on('error', (e) => {
    console.log('error', e.code, e.errno, e.syscall, e.address, e.port === port);
    console.log(e.message.replace(String(port), 'PORT'));
    console.log('b listening', b.listening);
    a.close(() => console.log('a closed'));
  });
  b.listen(port, '127.0.0.1');
  process.nextTick(() => console.log('nextTick queued after listen'));
  console.log('listen returned');
});
