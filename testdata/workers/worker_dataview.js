onmessage = (e) => {
  const d = e.data;
  if (d.transferred) {
    const t = d.transferred;
    console.log("worker: transferred", t instanceof DataView, t.byteOffset, t.byteLength, t.buffer.byteLength, t.getUint8(0));
    return;
  }
  const { view, bytes, alone } = d;
  console.log("worker: view", view instanceof DataView, Object.prototype.toString.call(view), view.byteOffset, view.byteLength, view.buffer.byteLength);
  console.log("worker: one buffer", view.buffer === bytes.buffer, view.getUint8(0), bytes[3]);
  bytes[3] = 99;
  console.log("worker: written through the array, read through the view", view.getUint8(0));
  console.log("worker: alone", alone instanceof DataView, alone.byteOffset, alone.byteLength, alone.buffer.byteLength, alone.getInt16(0));
  postMessage(d);
};
