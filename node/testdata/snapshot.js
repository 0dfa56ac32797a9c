setTimeout(function later() {}, 50);
setInterval(() => {}, 10).unref();
setImmediate(function soon() {});
process.nextTick(function first() {});
process.nextTick(() => {});
require('fs').stat(__filename, () => {});
snap();
