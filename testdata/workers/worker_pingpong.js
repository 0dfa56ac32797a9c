console.log('worker: start');
onmessage = (e) => {
  console.log('worker: got', e.data);
  Promise.resolve().then(() => {
    console.log('worker: microtask');
    postMessage('pong for ' + e.data);
  });
};
