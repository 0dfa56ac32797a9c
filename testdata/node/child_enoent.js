// spawn of a command that does not exist: 'error' with ENOENT from a nextTick, then 'close'.
const { spawn } = require('child_process');
const child = spawn('loopscope-no-such-command', ['x']);
child.on('spawn', () => console.log('spawn?!'));
child.on('error', (e) => console.log('error', e.code, e.errno, e.syscall, e.path, JSON.stringify(e.spawnargs), e.message));
child.on('exit', () => console.log('exit?!'));
child.on('close', (code) => console.log('close', code));
process.nextTick(() => console.log('nextTick after spawn()'));
