self.addEventListener("error", (e) => console.log("worker: error at global", e.message, e.lineno));
postMessage("before the throw");
throw new Error("boom");
