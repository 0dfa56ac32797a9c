// A child that leaves a grandchild holding its stdout: node reports the child's 'exit' when
// the child ends, and 'close' only once the grandchild has closed the pipe too (the
// stdout's 'end' comes then), with a timer between them. (The child prints 100 ms before it
// exits, so that its output comes before its exit under any clock; the grandchild holds the
// pipe 2 s, so that an exit reported late on a loaded machine still comes before the end:
// with 0.8 s, one full test run at a load of 6 saw the end first.)
const { spawn } = require('child_process');
const child = spawn('/bin/sh', ['-c', 'sleep 2 & echo child done; sleep 0.1']);
child.stdout.setEncoding('utf8');
child.stdout.on('data', (d) => console.log('stdout:', d.trim()));
child.stdout.on('end', () => console.log('stdout end'));
child.on('exit', (code) => {
  console.log('exit', code);
  setTimeout(() => console.log('timer 100 ms after exit'), 100);
});
child.on('close', (code) => console.log('close', code));
