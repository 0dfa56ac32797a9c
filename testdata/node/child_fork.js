// child_process.fork whose executable cannot be started: node returns the ChildProcess, then
// 'error' (spawn ENOENT, with the module and its arguments as spawnargs) and 'close'.
const { fork } = require('child_process');
const c = fork('child.js', ['a'], { execPath: '/nonexistent/node' });
console.log('returned', typeof c.pid, c.exitCode);
c.on('spawn', () => console.log('spawn'));
c.on('error', (e) => console.log('error', e.name, e.code, e.errno, e.syscall, e.path, JSON.stringify(e.spawnargs), e.message));
c.on('exit', (code, sig) => console.log('exit', code, sig));
c.on('close', (code, sig) => console.log('close', code, sig));
process.nextTick(() => console.log('nextTick'));
setImmediate(() => console.log('immediate'));
