onerror = (message, file, line) => { console.log("worker: onerror", message, line); return true; };
setTimeout(() => { postMessage("done"); }, 10);
throw new TypeError("handled");
