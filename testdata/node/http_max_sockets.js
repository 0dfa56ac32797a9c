// An Agent's maxSockets: requests beyond it wait in agent.requests and each takes the socket
// of a response that ended (its 'free'); with keepAlive false the last one is then closed.
const http = require('http');
let connections = 0;
const seen = [];
const conns = new Set();
const server = http.createServer((req, res) => {
  // The first agent's requests in order; the second's (two connections at once, racing)
  // as a sorted summary at the end (which of its two sockets frees first races).
  if ('abc'.includes(req.url[1])) console.log('server', req.url, 'connection:', req.headers.connection, 'on connection', req.socket.n);
  else { seen.push(req.url); conns.add(req.socket.n); }
  res.end(req.url);
});
server.on('connection', (s) => { s.n = ++connections; });
server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  const run = (agent, paths) => new Promise((resolve) => {
    let left = paths.length;
    for (const path of paths) {
      const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.setEncoding('utf8');
        let body = '';
        res.on('data', (d) => { body += d; });
        res.on('end', () => {
          if ('abc'.includes(body[1])) console.log('response', body, 'reused', req.reusedSocket);
          else seen.push(body + ' reused ' + req.reusedSocket);
        });
      });
      req.on('close', () => { if (--left === 0) resolve(); });
    }
    console.log('waiting', Object.values(agent.requests).map((l) => l.length), 'sockets', Object.values(agent.sockets).map((l) => l.length));
  });
  (async () => {
    const one = new http.Agent({ maxSockets: 1 });
    one.on('free', () => console.log('free'));
    await run(one, ['/a', '/b', '/c']);
    console.log('connections', connections);
    const two = new http.Agent({ keepAlive: true, maxSockets: 2 });
    await run(two, ['/d', '/e', '/f', '/g']);
    console.log(seen.sort().join(', '), 'on', conns.size, 'connections');
    console.log('connections', connections, 'free', Object.values(two.freeSockets).map((l) => l.length), 'total', two.totalSocketCount);
    two.destroy();
    setImmediate(() => server.close(() => console.log('server closed')));
  })();
});
