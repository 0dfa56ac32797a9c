setTimeout(() => {}, 50);
setInterval(() => {}, 10).unref();
setImmediate(() => {});
process.nextTick(() => {});
process.nextTick(() => {});
require('fs').stat(__filename, () => {});
snap();
