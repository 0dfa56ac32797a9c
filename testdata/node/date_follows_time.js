// Date.now() against the loop's time: a timer's wait shows in Date, and a spin on Date.now()
// lasts the time it asks for (with -virtual-time both are page time, not the machine's).
const t0 = Date.now();
setTimeout(() => {
  const waited = Date.now() - t0;
  console.log('timeout waited at least 200 ms:', waited >= 200, waited < 1000);
  const s = Date.now();
  while (Date.now() - s < 5) {}
  setTimeout(() => console.log('timeout after a 5 ms spin'), 0);
  setImmediate(() => console.log('immediate after a 5 ms spin'));
}, 200);
console.log('Date is a number:', typeof Date.now(), new Date(t0).getTime() === t0);
