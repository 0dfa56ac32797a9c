// async functions, nextTick and immediates.
async function a() {
  console.log('a start');
  await null;
  console.log('a after await null');
  await new Promise((r) => setImmediate(r));
  console.log('a after immediate');
  await new Promise((r) => setTimeout(r, 5));
  console.log('a after timeout');
}
a().then(() => console.log('a done'));
process.nextTick(() => console.log('tick'));
setImmediate(() => console.log('immediate'));
console.log('main end');
