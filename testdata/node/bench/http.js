// 1,000 HTTP GET requests in a row against a server in the same script.
const http = require('http');
const N = 1000;
const server = http.createServer((req, res) => res.end('ok'));
server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  let n = 0;
  const t0 = process.hrtime.bigint();
  const one = () => {
    http.get({ host: '127.0.0.1', port, path: '/' + n }, (res) => {
      res.resume();
      res.on('end', () => {
        if (++n < N) one();
        else {
          console.log('http', n, Number(process.hrtime.bigint() - t0) / 1e6, 'ms');
          server.close();
        }
      });
    });
  };
  one();
});
