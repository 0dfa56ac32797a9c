// One HTTP request to a server in the same script: the order of the server's and the
// client's events.
const http = require('http');
const server = http.createServer((req, res) => {
  console.log('server: request ' + req.method + ' ' + req.url);
  res.on('finish', () => console.log('server: response finish'));
  res.end('hello');
});
server.listen(0, '127.0.0.1', () => {
  http.get({ host: '127.0.0.1', port: server.address().port, path: '/hi' }, (res) => {
    console.log('client: response ' + res.statusCode);
    res.setEncoding('utf8');
    res.on('data', (d) => console.log('client: data ' + d));
    res.on('end', () => {
      console.log('client: end');
      server.close();
    });
  });
});
