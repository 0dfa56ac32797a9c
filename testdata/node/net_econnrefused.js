// A connect to a closed port: 'error' with ECONNREFUSED, then 'close' with hadError true.
const net = require('net');
const probe = net.createServer();
probe.listen(0, '127.0.0.1', () => {
  const port = probe.address().port;
  probe.close(() => {
    const c = net.connect(port, '127.0.0.1');
    c.on('connect', () => console.log('connected?!'));
    c.on('error', (e) => {
      console.log('error', e.code, e.errno, e.syscall, e.address, e.port === port);
      console.log(e.message.replace(String(port), 'PORT'));
      console.log(e instanceof Error, Object.keys(e).join(','));
    });
    c.on('close', (hadError) => console.log('close', hadError, c.destroyed));
    setImmediate(() => console.log('immediate'));
  });
});
