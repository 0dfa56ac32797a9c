// setInterval repeats until cleared; clearTimeout works on intervals too.
let n = 0;
const iv = setInterval(() => {
  n++;
  console.log('tick', n);
  Promise.resolve().then(() => console.log('promise after tick', n));
  if (n === 3) {
    clearInterval(iv);
    console.log('cleared');
  }
}, 5);
let m = 0;
const iv2 = setInterval(() => {
  m++;
  if (m === 2) clearTimeout(iv2);
}, 1);
setTimeout(() => console.log('m', m, 'n', n), 300);
