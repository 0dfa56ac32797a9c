// node's ERR_INVALID_ARG_TYPE names what it got (determineSpecificType): undefined and null
// as such, a number or a string by type and inspected text (cut past 28 characters), an
// object by its constructor, a symbol; for nextTick, setTimeout, setInterval, setImmediate,
// queueMicrotask and fs.readFile's callback.
const fs = require('fs');
const tries = [
  ['nextTick(5)', () => process.nextTick(5)],
  ['nextTick(null)', () => process.nextTick(null)],
  ["setTimeout('x')", () => setTimeout('x')],
  ['setInterval()', () => setInterval()],
  ['setImmediate({})', () => setImmediate({})],
  ['setImmediate([])', () => setImmediate([1, 2])],
  ['setTimeout(Object.create(null))', () => setTimeout(Object.create(null))],
  ['queueMicrotask(true)', () => queueMicrotask(true)],
  ["nextTick(Symbol('s'))", () => process.nextTick(Symbol('s'))],
  ['nextTick(long string)', () => process.nextTick('a string that is longer than twenty-eight characters')],
  ['nextTick(10n)', () => process.nextTick(10n)],
  ['fs.readFile(path, 5)', () => fs.readFile(__filename, 5)],
];
for (const [what, f] of tries) {
  try {
    f();
    console.log(what, 'did not throw');
  } catch (e) {
    console.log(what, '->', e.name, e.code, e.message);
  }
}
