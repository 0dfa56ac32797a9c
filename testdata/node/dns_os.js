// dns.lookup of an IP answers from a nextTick, of localhost from the poll phase; os basics.
const dns = require('dns'); const os = require('os');
console.log(typeof os.tmpdir(), os.EOL === '\n', os.platform(), typeof os.hostname(), os.cpus().length > 0);
dns.lookup('localhost', (err, address, family) => console.log('lookup', err, address, family));
dns.lookup('127.0.0.1', (err, address, family) => console.log('lookup ip', err, address, family));
dns.promises.lookup('localhost').then((r) => console.log('promises', r));
setImmediate(() => console.log('immediate'));
process.nextTick(() => console.log('tick'));
