// http errors: a request to a closed port is 'error' ECONNREFUSED then 'close'; a 404 with
// a JSON body; closeAllConnections ends a server with a kept-alive connection at once.
const http = require('http');
const probe = http.createServer().listen(0, '127.0.0.1', () => {
  const port = probe.address().port;
  probe.close(() => {
    const req = http.get({ host: '127.0.0.1', port, path: '/' });
    req.on('error', (e) => console.log('request error', e.code, e.syscall));
    req.on('close', () => {
      console.log('request close');
      notFound();
    });
  });
});
function notFound() {
  const server = http.createServer((req, res) => {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'no ' + req.url }));
  });
  server.listen(0, '127.0.0.1', () => {
    http.get({ host: '127.0.0.1', port: server.address().port, path: '/missing' }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => {
        console.log('status', res.statusCode, res.statusMessage, res.headers['content-type'], body);
        server.closeAllConnections();
        server.close(() => console.log('server closed'));
      });
    });
  });
}
