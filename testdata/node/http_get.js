// An HTTP round trip over loopback: the server's 'request', the request's 'end', the
// response's 'finish' and 'close'; the client's 'response', 'data', 'end' and 'close'.
const http = require('http');
const server = http.createServer((req, res) => {
  const h = req.headers;
  console.log('server: request', req.method, req.url, req.httpVersion, h.host === '127.0.0.1:' + server.address().port, h.connection);
  req.on('end', () => {
    console.log('server: req end');
    res.setHeader('X-Test', 'yes');
    res.end('hello');
  });
  req.resume();
  res.on('finish', () => console.log('server: res finish', res.statusCode, res.headersSent));
  res.on('close', () => console.log('server: res close'));
});
server.listen(0, '127.0.0.1', () => {
  const req = http.get({ port: server.address().port, host: '127.0.0.1', path: '/x?y=1' }, (res) => {
    console.log('client: response', res.statusCode, res.statusMessage, res.headers['content-length'], res.headers['x-test'], res.headers.connection, res.headers['keep-alive'], typeof res.headers.date);
    res.setEncoding('utf8');
    res.on('data', (d) => console.log('client: data', d));
    res.on('end', () => {
      console.log('client: end', res.complete);
      server.close(() => console.log('server closed'));
    });
    res.on('close', () => console.log('client: res close'));
  });
  req.on('finish', () => console.log('client: req finish'));
  req.on('close', () => console.log('client: req close'));
});
