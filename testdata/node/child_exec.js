// exec and execFile: the callback after 'close' with stdout and stderr; a non-zero exit is
// an error with the code.
const { exec, execFile } = require('child_process');
exec('echo out; echo err 1>&2; exit 3', (err, stdout, stderr) => {
  console.log('exec', err && err.code, err && err.message.split('\n')[0], JSON.stringify(stdout), JSON.stringify(stderr));
  execFile('printf', ['%s-%s', 'a', 'b'], (err2, out2) => console.log('execFile', err2, JSON.stringify(out2)));
});
