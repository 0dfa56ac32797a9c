// A timer far ahead: the poll phase waits for it.
setTimeout(function far() { console.log('far'); }, 60000);
console.log('main');
