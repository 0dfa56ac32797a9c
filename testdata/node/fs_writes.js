// fs writes with callbacks, *Sync forms and fs.promises, in a temporary directory.
const fs = require('fs');
const path = require('path');
const os = require('os');
fs.mkdtemp(path.join(os.tmpdir(), 'loopscope-fs-'), (err, dir) => {
  console.log('mkdtemp', err, path.basename(dir).startsWith('loopscope-fs-'));
  const f = path.join(dir, 'a.txt');
  fs.writeFile(f, 'hello', (err) => {
    console.log('writeFile', err);
    fs.appendFile(f, ' world', 'utf8', (err) => {
      console.log('appendFile', err, fs.readFileSync(f, 'utf8'));
      fs.rename(f, path.join(dir, 'b.txt'), (err) => {
        console.log('rename', err, fs.readdirSync(dir));
        fs.mkdir(path.join(dir, 'sub', 'deep'), { recursive: true }, (err) => {
          console.log('mkdir recursive', err);
          fs.writeFileSync(path.join(dir, 'sub', 'c.txt'), 'c');
          fs.unlink(path.join(dir, 'b.txt'), (err) => {
            console.log('unlink', err, fs.existsSync(path.join(dir, 'b.txt')));
            fs.unlink(path.join(dir, 'nope.txt'), (err) => {
              console.log('unlink missing', err.code, err.syscall, err.message.replace(dir, 'DIR'));
              promises(dir);
            });
          });
        });
      });
    });
  });
});
async function promises(dir) {
  const p = fs.promises;
  await p.writeFile(path.join(dir, 'p.txt'), 'promised');
  console.log('promises read', await p.readFile(path.join(dir, 'p.txt'), 'utf8'));
  await p.appendFile(path.join(dir, 'p.txt'), '!');
  console.log('promises after append', (await p.readFile(path.join(dir, 'p.txt'))).toString());
  await p.rm(dir, { recursive: true, force: true });
  console.log('rm recursive', fs.existsSync(dir));
  try { await p.mkdir(path.join(dir, 'x', 'y')); } catch (e) { console.log('mkdir without recursive', e.code); }
}
