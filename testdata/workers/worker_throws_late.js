postMessage("started");
setTimeout(() => { postMessage("before the throw"); throw new RangeError("late"); }, 10);
