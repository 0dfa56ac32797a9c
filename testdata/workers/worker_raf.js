console.log("worker: start");
onmessage = (e) => {
  console.log("worker: got", e.data);
  setTimeout(() => postMessage(e.data.replace("ping", "pong")), 0);
};
