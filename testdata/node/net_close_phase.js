// A socket's 'close' runs in the close-callbacks phase: after the check phase's immediate
// queued in the same iteration, before the next iteration's timers.
const net = require('net');
const server = net.createServer((sock) => sock.end('bye'));
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1');
  c.setEncoding('utf8');
  c.on('data', (d) => console.log('data', d));
  c.on('end', () => {
    console.log('end');
    setImmediate(() => console.log('check: immediate'));
    setTimeout(() => console.log('timers: timeout'), 0);
    process.nextTick(() => console.log('nextTick after end'));
  });
  c.on('finish', () => console.log('finish'));
  c.on('close', (hadError) => {
    console.log('close phase: close', hadError);
    process.nextTick(() => console.log('nextTick after close'));
    server.close();
  });
});
