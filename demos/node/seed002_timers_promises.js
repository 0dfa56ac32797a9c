// Seed 002: timers with promises (node 11+ prints what the browser prints).
console.log('start')

setTimeout(() => {
  console.log('timer1')
  Promise.resolve().then(function() {
    console.log('promise1')
  })
}, 0)

setTimeout(() => {
  console.log('timer2')
  Promise.resolve().then(function() {
    console.log('promise2')
  })
}, 0)

Promise.resolve().then(function() {
  console.log('promise3')
})

console.log('end')
