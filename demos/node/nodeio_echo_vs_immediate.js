// An echo server and its client in one script. Where does the client's 'data' land against
// process.nextTick, a promise, setImmediate and setTimeout(0) queued inside it?
const net = require('net');
const server = net.createServer((sock) => sock.on('data', (d) => sock.end(d)));
server.listen(0, '127.0.0.1', () => {
  const client = net.connect(server.address().port, '127.0.0.1', () => client.write('ping'));
  client.on('data', (d) => {
    console.log('data ' + d);
    setTimeout(() => console.log('timeout'), 0);
    setImmediate(() => console.log('immediate'));
    Promise.resolve().then(() => console.log('promise'));
    process.nextTick(() => console.log('nextTick'));
  });
  client.on('close', () => server.close());
});
