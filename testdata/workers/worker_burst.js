for (let i = 0; i < 5; i++) postMessage(i);
onmessage = () => { setTimeout(() => postMessage("done"), 0); };
