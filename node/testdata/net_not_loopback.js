// Neither listen nor connect may leave loopback: both fail with EACCES before any packet.
const net = require('net');
const s = net.createServer();
s.on('error', (e) => console.log('listen', e.code, e.syscall));
s.listen(0, '0.0.0.0');
const c = net.connect(80, '192.0.2.1');
c.on('error', (e) => console.log('connect', e.code, e.syscall, e.address));
c.on('close', () => console.log('close'));
