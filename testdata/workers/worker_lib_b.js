console.log("lib b runs", typeof libA);
function libB() { return "B sees " + libA.name; }
