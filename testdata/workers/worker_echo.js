onmessage = (e) => postMessage("echo " + (typeof e.data === "string" ? e.data : typeof e.data));
