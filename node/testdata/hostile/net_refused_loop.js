// 2,000 connects in a row to a closed port: each an ECONNREFUSED 'error' then 'close'.
const net = require('net');
const probe = net.createServer().listen(0, '127.0.0.1', () => {
  const port = probe.address().port;
  probe.close(() => {
    let errors = 0, n = 0;
    const one = () => {
      const c = net.connect(port, '127.0.0.1');
      c.on('error', (e) => { if (e.code === 'ECONNREFUSED') errors++; });
      c.on('close', () => { if (++n < 2000) one(); else console.log('refused', errors); });
    };
    one();
  });
});
