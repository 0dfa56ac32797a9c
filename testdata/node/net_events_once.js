// events.once over net: await a server's 'listening' and 'connection', a socket's 'data'
// and 'close'.
const net = require('net');
const { once } = require('events');
(async () => {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  console.log('listening');
  const c = net.connect(server.address().port, '127.0.0.1');
  const [sock] = await once(server, 'connection');
  console.log('connection', sock.remoteAddress);
  c.write('hello');
  const [data] = await once(sock, 'data');
  console.log('data', String(data));
  c.end();
  sock.end();
  const [hadError] = await once(c, 'close');
  console.log('client close', hadError);
  server.close();
  await once(server, 'close');
  console.log('server close');
  try {
    const s2 = net.connect(server.address ? 1 : 1, '127.0.0.1');
    await once(s2, 'connect');
  } catch (e) {
    console.log('once rejects with', e.code);
  }
})();
