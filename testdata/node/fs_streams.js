// fs streams: a write stream's open, ready, write callbacks, finish and close; a read
// stream's open, ready, data, end and close, each request completing in the poll phase.
const fs = require('fs');
const path = require('path');
const os = require('os');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopscope-streams-'));
const file = path.join(dir, 'out.txt');
const ws = fs.createWriteStream(file);
ws.on('open', (fd) => console.log('write: open', typeof fd));
ws.on('ready', () => console.log('write: ready'));
console.log('write returns', ws.write('line 1\n', () => console.log('write: cb 1')));
ws.write('line 2\n', () => console.log('write: cb 2'));
ws.end('end\n', () => console.log('write: end cb'));
ws.on('finish', () => console.log('write: finish', ws.bytesWritten));
ws.on('close', () => {
  console.log('write: close');
  const rs = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 8 });
  rs.on('open', (fd) => console.log('read: open', typeof fd));
  rs.on('ready', () => console.log('read: ready'));
  const chunks = [];
  rs.on('data', (d) => chunks.push(d));
  rs.on('end', () => console.log('read: end', JSON.stringify(chunks), rs.bytesRead));
  rs.on('close', () => {
    console.log('read: close');
    fs.rmSync(dir, { recursive: true });
    const missing = fs.createReadStream(path.join(dir, 'nope'));
    missing.on('error', (e) => console.log('error', e.code, e.syscall));
    missing.on('close', () => console.log('missing: close'));
  });
  setImmediate(() => console.log('immediate after createReadStream'));
});
