// Timers fire in order of due time, FIFO for equal delays; 0 and 1 are both 1 ms.
setTimeout(() => console.log('20'), 20);
setTimeout(() => console.log('5'), 5);
setTimeout(() => console.log('1 a'), 1);
setTimeout(() => console.log('0 b'), 0);
setTimeout(() => console.log('1 c'), 1);
setTimeout(() => console.log('10'), 10);
setTimeout((a, b) => console.log('args', a, b), 2, 'x', 42);
setTimeout(() => console.log('negative'), -5);
setTimeout(() => console.log('string delay'), '3');
