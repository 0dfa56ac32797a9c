// An Error prints with its stack; only the first line is compared.
const e = new TypeError('bad');
console.log(String(e));
console.log(e.name, e.message);
console.log({ err: 'in object' });
