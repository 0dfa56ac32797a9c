// A child that leaves a grandchild holding its stdout: node reports the child's 'exit' when
// the child ends, and 'close' only once the grandchild has closed the pipe too (the
// stdout's 'end' comes then), with a timer between them. The child prints 500 ms before it
// exits, so that its output comes before its exit under any clock, and the grandchild holds
// the pipe 5 s, so that an exit seen late comes before the end all the same: on a loaded
// machine a child's exit was seen up to 2 s late (a plain Go program spawning this shell
// under eight busy loops: 1 s; one full test run in about twenty: 2 s with 0.1 s and 2 s
// here, which put the end first or the exit before the output).
const { spawn } = require('child_process');
const child = spawn('/bin/sh', ['-c', 'sleep 5 & echo child done; sleep 0.5']);
child.stdout.setEncoding('utf8');
child.stdout.on('data', (d) => console.log('stdout:', d.trim()));
child.stdout.on('end', () => console.log('stdout end'));
child.on('exit', (code) => {
  console.log('exit', code);
  setTimeout(() => console.log('timer 100 ms after exit'), 100);
});
child.on('close', (code) => console.log('close', code));
