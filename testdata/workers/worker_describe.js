onmessage = ({ data: d }) => {
  const out = [];
  out.push("map " + (d.map instanceof Map) + " " + JSON.stringify([...d.map]));
  out.push("set " + (d.set instanceof Set) + " " + JSON.stringify([...d.set]));
  out.push("date " + (d.date instanceof Date) + " " + d.date.toISOString());
  out.push("re " + (d.re instanceof RegExp) + " " + d.re.source + " " + d.re.flags + " " + d.re.lastIndex);
  out.push("u8 " + d.u8.constructor.name + " " + Array.from(d.u8).join(",") + " " + d.u8.buffer.byteLength);
  out.push("f64 " + d.f64.constructor.name + " " + Object.is(d.f64[1], -0));
  out.push("buf " + (d.buf instanceof ArrayBuffer) + " " + d.buf.byteLength);
  out.push("err " + (d.err instanceof RangeError) + " " + d.err.name + " " + d.err.message);
  out.push("cyclic " + (d.cyclic.self === d.cyclic));
  out.push("shared " + (d.shared[0] === d.shared[1]));
  out.push("nested " + d.nested.deep[0][0][0]);
  out.push("big " + typeof d.big + " " + d.big);
  out.push("neg0 " + Object.is(d.neg0, -0) + " nan " + Number.isNaN(d.nan) + " undef " + ("undef" in d) + " " + d.undef);
  out.push("str " + typeof d.str + " " + (d.str instanceof String) + " " + d.str);
  for (const line of out) console.log("worker: " + line);
  postMessage("described " + out.length);
};
