// A paused socket gets no 'data' until resume(); what arrived meanwhile comes then.
const net = require('net');
const server = net.createServer((sock) => {
  sock.write('one');
  setTimeout(() => sock.end('two'), 20);
});
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1');
  let chunks = '';
  c.on('data', (d) => { chunks += d; console.log('data while paused?', c.isPaused()); });
  c.pause();
  console.log('paused', c.isPaused());
  setTimeout(() => {
    console.log('resume, had', JSON.stringify(chunks));
    c.resume();
  }, 60);
  c.on('end', () => {
    console.log('end, got', chunks);
    server.close();
  });
});
