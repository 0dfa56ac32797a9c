// reporter.js — stands in for WPT's /resources/testharnessreport.js in the run copies that
// tools/wpt/run.mjs makes: one console line per subtest and one when the harness completes,
// the same in Chromium and in loopscope.
(function () {
  // No results table in the page, as WPT's own runner (wptrunner's testharnessreport.js)
  // runs the tests: testharness would build it by appending one row at a time to a string
  // (html += ...), which goja copies whole at each step, so a file of 20,000 subtests spent
  // 95% of its time there (docs/wpt.md).
  setup({ output: false });
  function text(v) {
    return v == null ? null : String(v);
  }
  add_completion_callback(function (tests, harness) {
    for (var i = 0; i < tests.length; i++) {
      var t = tests[i];
      console.log('WPT-RESULT ' + JSON.stringify({ name: t.name, status: t.status, message: text(t.message) }));
    }
    console.log('WPT-DONE ' + JSON.stringify({ status: harness.status, message: text(harness.message) }));
  });
})();
