// spawn: 'spawn' from a nextTick, stdout's 'data' and 'end', 'exit' with the code, then
// 'close' once stdout and stderr closed.
const { spawn } = require('child_process');
const child = spawn('echo', ['hello', 'child']);
console.log('pid is a number', typeof child.pid === 'number');
child.on('spawn', () => console.log('spawn'));
let out = '';
child.stdout.setEncoding('utf8');
child.stdout.on('data', (d) => { out += d; });
child.stdout.on('end', () => console.log('stdout end', JSON.stringify(out)));
child.on('exit', (code, signal) => console.log('exit', code, signal));
child.on('close', (code, signal) => console.log('close', code, signal, child.exitCode));
process.nextTick(() => console.log('nextTick after spawn()'));
