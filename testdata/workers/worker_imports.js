console.log("before importScripts");
importScripts("worker_lib_a.js", "worker_lib_b.js");
console.log("after importScripts", typeof libA, libB());
try {
  importScripts("no_such_file.js");
} catch (e) {
  console.log("missing:", e.name);
}
postMessage("imported " + libA.name);
