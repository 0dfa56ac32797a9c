package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"1GiB": 1 << 30, "512MiB": 512 << 20, "200mb": 200 << 20, "4096": 4096, "64 KiB": 64 << 10, "2g": 2 << 30} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "GiB", "-1GiB", "0", "1.5GiB", "12zz", "99999999999GiB"} {
		if got, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q) = %d, want an error", in, got)
		}
	}
}

// TestMaxHeapFlag: a bad -max-heap is one line and exit status 2.
func TestMaxHeapFlag(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-headless", "-max-heap", "lots", "page.html"}, &out, &errb); code != 2 {
		t.Errorf("exit status %d, want 2", code)
	}
	if lines := strings.Split(strings.TrimSpace(errb.String()), "\n"); len(lines) != 1 || !strings.Contains(lines[0], "-max-heap") {
		t.Errorf("stderr: %q", errb.String())
	}
	c, err := parseArgs([]string{"-headless", "-max-heap", "256MiB", "page.html"}, &errb)
	if err != nil || c.maxHeap != 256<<20 {
		t.Errorf("parseArgs: %v, maxHeap %d", err, c.maxHeap)
	}
}
