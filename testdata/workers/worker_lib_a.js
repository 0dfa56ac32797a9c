console.log("lib a runs");
var libA = { name: "A" };
