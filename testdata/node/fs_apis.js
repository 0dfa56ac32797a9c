// fs.readFile / readdir / stat and fs.promises complete in the poll phase.
const fs = require('fs');
const path = require('path');
const dir = path.join(__dirname, 'fsdata');
fs.readdir(dir, (err, names) => {
  console.log('readdir', err, names.sort());
});
fs.stat(path.join(dir, 'a.txt'), (err, st) => {
  console.log('stat', err, st.isFile(), st.isDirectory(), st.size);
});
fs.readFile(path.join(dir, 'a.txt'), 'utf8', (err, data) => {
  console.log('readFile', JSON.stringify(data));
});
fs.readFile(path.join(dir, 'missing.txt'), (err) => {
  console.log('missing', err.code, err instanceof Error);
});
fs.promises.readFile(path.join(dir, 'b.txt'), 'utf8').then((s) => console.log('promises.readFile', s.trim()));
fs.readFile(path.join(dir, 'b.txt'), (err, buf) => {
  console.log('buffer', buf.length, buf.toString().trim());
});
console.log('sync', fs.readFileSync(path.join(dir, 'a.txt'), 'utf8').trim(), fs.existsSync(dir));
setImmediate(() => console.log('immediate before I/O'));
