onmessage = (e) => {
  console.log("worker: got", e.data);
  setTimeout(() => console.log("worker: timer (discarded)"), 0);
  close();
  Promise.resolve().then(() => console.log("worker: microtask after close"));
  postMessage("posted after close");
  console.log("worker: end of task");
};
