// process.exitCode sets the status; exit listeners see it.
process.exitCode = 3;
process.on('exit', (code) => console.log('exit with', code, process.exitCode));
setTimeout(() => console.log('timer still runs'), 1);
