package agent

import (
	"testing"
	"time"
)

func TestStopReasonText(t *testing.T) {
	for _, tc := range []struct {
		r    stopReason
		want string
	}{
		{stopReason{timeout: 5 * time.Second}, "ran for more than 5s (-script-timeout) without returning: an endless loop?"},
		{stopReason{heap: 1 << 30, heapSeen: 1288490189}, "grew the heap to 1.2 GiB, past the 1 GiB limit (-max-heap): a runaway allocation?"},
		{stopReason{heap: 200 << 20, heapSeen: 201 << 20}, "grew the heap to 201 MiB, past the 200 MiB limit (-max-heap): a runaway allocation?"},
	} {
		if got := tc.r.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

func TestStopReasonShort(t *testing.T) {
	if got := (&stopReason{timeout: 5 * time.Second}).short(); got != "after 5s (-script-timeout)" {
		t.Errorf("timeout: %q", got)
	}
	if got := (&stopReason{heap: 64 << 20, heapSeen: 97 << 20}).short(); got != "at 97 MiB (-max-heap 64 MiB)" {
		t.Errorf("heap: %q", got)
	}
}
