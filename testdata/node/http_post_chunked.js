// POST with a body; the response written in pieces is chunked; statusCode and headers from
// writeHead.
const http = require('http');
const server = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (d) => { body += d; });
  req.on('end', () => {
    console.log('server: body', body, req.headers['content-length'], req.headers['content-type']);
    res.writeHead(201, { 'Content-Type': 'text/plain' });
    res.write('one,');
    setTimeout(() => { res.write('two,'); res.end('three'); }, 5);
  });
});
server.listen(0, '127.0.0.1', () => {
  const payload = JSON.stringify({ a: 1 });
  const req = http.request({
    port: server.address().port, host: '127.0.0.1', method: 'POST', path: '/post',
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
  }, (res) => {
    console.log('client: response', res.statusCode, res.headers['content-type'], res.headers['transfer-encoding'], res.headers['content-length']);
    let got = '';
    res.setEncoding('utf8');
    res.on('data', (d) => { got += d; });
    res.on('end', () => {
      console.log('client: got', got);
      server.close(() => console.log('server closed'));
    });
  });
  req.write(payload);
  req.end();
});
