onmessage = (e) => {
  const port = e.ports[0];
  console.log('worker got', e.data.hello, e.ports.length, e.data.port === port);
  port.onmessage = (m) => { console.log('worker port got', m.data); port.postMessage('reply through the port'); };
  postMessage('set up');
};
