// A child that floods stdout with 100 MB: read chunk by chunk, counted, memory bounded; a
// second child's flood is left unread while paused, then killed.
const { spawn } = require('child_process');
const child = spawn('head', ['-c', '100000000', '/dev/zero']);
let n = 0;
child.stdout.on('data', (d) => { n += d.length; });
child.on('close', (code) => {
  console.log('read', n, 'exit', code);
  const yes = spawn('yes');
  yes.stdout.pause();
  setTimeout(() => {
    console.log('buffered at most a highWaterMark and a chunk', yes.stdout.readableLength <= 16384 + 65536);
    yes.kill();
  }, 100);
  yes.on('close', (code, signal) => console.log('yes closed', code, signal));
});
