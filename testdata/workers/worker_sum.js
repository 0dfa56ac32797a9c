onmessage = (e) => {
  const bytes = new Uint8Array(e.data.buf);
  console.log("worker: got", bytes.length, "bytes");
  const sum = bytes.reduce((a, b) => a + b, 0);
  postMessage({ sum, buf: e.data.buf }, [e.data.buf]);
  console.log("worker: after transfer back", e.data.buf.byteLength);
};
