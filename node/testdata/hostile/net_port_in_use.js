// listen on a port in use without an 'error' listener: an uncaught EADDRINUSE, exit 1.
const net = require('net');
const a = net.createServer().listen(0, '127.0.0.1', () => {
  net.createServer().listen(a.address().port, '127.0.0.1');
});
