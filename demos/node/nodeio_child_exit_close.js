// A child process: 'spawn', its output, 'exit', then 'close'. Why two events for its end?
const { spawn } = require('child_process');
const child = spawn('echo', ['hi from the child']);
child.on('spawn', () => console.log('spawn'));
child.stdout.on('data', (d) => console.log('stdout: ' + String(d).trim()));
child.stdout.on('close', () => console.log('stdout closed'));
child.on('exit', (code) => console.log('exit ' + code));
child.on('close', (code) => console.log('close ' + code));
