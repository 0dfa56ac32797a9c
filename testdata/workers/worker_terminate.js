console.log("worker: start");
onmessage = (e) => postMessage("echo " + e.data);
