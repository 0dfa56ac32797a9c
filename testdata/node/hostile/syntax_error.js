// A syntax error on line 3.
console.log("never");
const x = 1 +;
