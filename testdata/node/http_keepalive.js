// http keep-alive (node 20): a keepAlive agent reuses its free socket for the next request to
// the same host and port ('free', reusedSocket); a default Agent sends Connection: close and
// opens a socket per request; the global agent keeps sockets alive too; the server's
// Keep-Alive hint sets the global agent's free-socket timeout, and the server ends an idle
// kept connection after its keepAliveTimeout.
const http = require('http');
let connections = 0;
const server = http.createServer((req, res) => {
  console.log('server', req.method, req.url, 'connection:', req.headers.connection);
  res.end('ok ' + req.url);
});
server.keepAliveTimeout = 2000;
server.on('connection', (s) => {
  const n = ++connections;
  console.log('connection', n);
  s.on('close', () => console.log('server side of connection', n, 'closed'));
});
server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  const get = (path, agent) => new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { body += d; });
      res.on('end', () => {
        console.log('response', res.statusCode, body, 'reused', req.reusedSocket, 'keep-alive header', res.headers['keep-alive']);
      });
    });
    req.on('close', () => resolve(req));
  });
  (async () => {
    const keep = new http.Agent({ keepAlive: true });
    keep.on('free', (s) => console.log('agent free event'));
    console.log('agent', keep.keepAlive, keep.maxSockets, keep.maxFreeSockets);
    await get('/k1', keep);
    console.log('free after k1', Object.keys(keep.freeSockets).length, Object.values(keep.freeSockets).map((l) => l.length));
    await get('/k2', keep);
    const plain = new http.Agent();
    await get('/p1', plain);
    await get('/p2', plain);
    console.log('free in plain', Object.keys(plain.freeSockets).length);
    await get('/g1');
    await get('/g2');
    console.log('connections so far', connections);
    // The global agent's free socket times out after the server's hint less 1 s (1 s);
    // the other agent's has no timeout of its own: the server ends it after its
    // keepAliveTimeout and node's 1 s buffer (3 s).
    setTimeout(() => {
      console.log('at 1.5 s: free', Object.keys(keep.freeSockets).length, Object.keys(http.globalAgent.freeSockets).length);
      setTimeout(() => {
        console.log('at 3.5 s: free', Object.keys(keep.freeSockets).length, Object.keys(http.globalAgent.freeSockets).length);
        server.close(() => console.log('server closed'));
      }, 2000);
    }, 1500);
  })();
});
