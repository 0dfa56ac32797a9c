// An unref'd server does not keep the process alive: 'exit' comes after the listen callback.
const net = require('net');
const server = net.createServer();
server.listen(0, '127.0.0.1', () => console.log('listening'));
server.unref();
setTimeout(() => console.log('timeout 10'), 10);
process.on('exit', (c) => console.log('exit', c, server.listening));
