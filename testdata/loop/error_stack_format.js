// The external script of error_stack_format.html: its frames name this file.
function fromFile(n) {
  if (n > 0) return fromFile(n - 1);
  return new Error('from a script file');
}
show('file', fromFile(2));
setTimeout(function timer() {
  try {
    notDefined();
  } catch (e) {
    show('timer', e);
  }
}, 0);
