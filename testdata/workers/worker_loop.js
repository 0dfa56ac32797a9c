console.log("script start");
setTimeout(() => console.log("timeout 0"), 0);
setTimeout(() => { console.log("timeout 10"); postMessage("done"); }, 10);
let i = 0;
const id = setInterval(() => { console.log("interval", ++i); if (i === 2) clearInterval(id); }, 1);
queueMicrotask(() => console.log("queueMicrotask"));
Promise.resolve().then(() => console.log("then 1")).then(() => console.log("then 2"));
(async () => { console.log("async start"); await null; console.log("after await"); })();
console.log("script end");
