// require of relative CommonJS files, module caching, __filename/__dirname, path and util.
const path = require('path');
const util = require('util');
const lib = require('./lib/counter');
const again = require('./lib/counter.js');
console.log(lib === again, lib.next(), again.next());
console.log(path.basename(__filename), path.basename(__dirname));
console.log(path.join('a', 'b', '../c'), path.extname('x.tar.gz'), path.resolve('/x', 'y'));
console.log(util.format('%s=%d', 'n', 3), util.inspect({ a: [1] }));
console.log(require('./lib/data.json').answer);
console.log(typeof require('timers').setTimeout, require('timers').setImmediate === setImmediate);
console.log(module.exports === exports, typeof module);
