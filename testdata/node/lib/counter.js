let n = 0;
exports.next = () => ++n;
