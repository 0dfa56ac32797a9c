// A child that writes, waits, writes: 'exit' may come before the last 'data' is read, but
// 'close' always comes after both (stdout's own 'close' is in the close phase).
const { spawn } = require('child_process');
const child = spawn('sh', ['-c', 'echo a; sleep 0.05; echo b; exit 7']);
const seen = [];
child.stdout.on('data', (d) => seen.push('data ' + String(d).trim()));
child.stdout.on('close', () => seen.push('stdout close'));
child.on('exit', (code) => seen.push('exit ' + code));
child.on('close', (code) => {
  console.log('close', code);
  console.log(seen.includes('data a') && seen.includes('data b'), seen.indexOf('stdout close') < seen.length, seen.includes('exit 7'));
});
