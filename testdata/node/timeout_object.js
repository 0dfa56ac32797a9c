// Timeout objects: a number via Symbol.toPrimitive, clearTimeout by that number, refresh().
const t = setTimeout(() => console.log('not cleared'), 5);
const id = +t;
console.log(typeof id, Number.isInteger(id), id > 0);
console.log(typeof t[Symbol.toPrimitive]);
const c = setTimeout(() => console.log('never: cleared by id'), 5);
clearTimeout(+c);
const s = setTimeout(() => console.log('never: cleared by string'), 5);
clearTimeout(`${s}`);
const r = setTimeout(() => console.log('refreshed fires after 30'), 20);
setTimeout(() => { r.refresh(); console.log('refresh at 10'); }, 10);
setTimeout(() => console.log('25'), 25);
const im = setImmediate(() => console.log('never: immediate cleared'));
clearImmediate(im);
clearTimeout(undefined);
clearTimeout(null);
clearTimeout({});
console.log('typeof setTimeout result', typeof t, t.constructor.name);
