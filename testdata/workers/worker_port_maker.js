const ch = new MessageChannel();
let n = 0;
ch.port1.onmessage = (e) => {
  console.log("worker port got", e.data);
  ch.port1.postMessage("pong " + ++n);
};
postMessage("here is a port", [ch.port2]);
