package main

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestCLIAllocationLimitUnderUlimit: the three allocations of issue 24 (an 8 GiB ArrayBuffer,
// a 16 GiB Array.from, a 32 GiB fill) in the headless binary with its address space capped at
// about 7.6 GiB (`ulimit -v 8000000`): each ends in V8's RangeError in the page, the next
// script and the timer queued before still run, and the process exits 0. Before goja's
// allocation limit the first two were Go's "fatal error: out of memory" (status 2), which no
// recover catches. node 20 in the same cap says "Array buffer allocation failed" for the
// first and dies of out-of-memory on the other two.
func TestCLIAllocationLimitUnderUlimit(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash to set the ulimit")
	}
	for _, tc := range []struct{ page, stderr string }{
		{"alloc_arraybuffer.html", "Uncaught RangeError: Array buffer allocation failed\n"},
		{"alloc_array_from.html", "Uncaught RangeError: Invalid array length\n"},
		{"alloc_array_fill.html", "Uncaught RangeError: Invalid array length\n"},
	} {
		t.Run(tc.page, func(t *testing.T) {
			stdout, stderr, code := runCLI(t, nil, "bash", "-c", `ulimit -v 8000000 && exec "$@"`, "bash",
				headlessBin, "-headless", "-virtual-time", filepath.Join("testdata", "hostile", tc.page))
			if code != 0 || stdout != "before\nnext script runs\ntimer queued before\n" || stderr != tc.stderr {
				t.Errorf("got status %d, stdout %q, stderr %q", code, stdout, stderr)
			}
		})
	}
}
