var x = 42;
top.log("child.js runs at " + location.href.split("/").slice(-2).join("/") + " currentScript " + document.currentScript.src.split("/").pop());
