package goja

import (
	"strconv"
	"strings"
	"testing"
)

type testJob int

func (testJob) run(*Runtime) {}

// The job queue is first in, first out across its blocks, with jobs pushed while it drains.
func TestJobQueue(t *testing.T) {
	var q jobQueue
	next, want := 0, 0
	pop := func(n int) {
		for i := 0; i < n; i++ {
			j := q.pop()
			if j == nil {
				t.Fatalf("empty after %d jobs, want job %d", want, want)
			}
			if int(j.(testJob)) != want {
				t.Fatalf("popped %d, want %d", j, want)
			}
			want++
		}
	}
	push := func(n int) {
		for i := 0; i < n; i++ {
			q.push(testJob(next))
			next++
		}
	}
	push(1)
	pop(1)
	push(jobBlockSize*3 + 5)
	pop(jobBlockSize + 1)
	push(jobBlockSize * 2)
	pop(next - want)
	if q.pop() != nil || !q.empty() {
		t.Fatal("not empty")
	}
	push(jobBlockSize) // a full block, drained, then more
	pop(jobBlockSize)
	push(3)
	pop(3)
	push(10)
	q.clear()
	if q.pop() != nil || !q.empty() {
		t.Fatal("not empty after clear")
	}
}

// Jobs queued by the hundreds, many of them while the queue drains, run in the spec's order.
func TestPromiseJobsAcrossQueueBlocks(t *testing.T) {
	vm := New()
	_, err := vm.RunString(`
	var log = [];
	for (var i = 0; i < 300; i++) {
		(function (i) {
			Promise.resolve().then(function () { log.push("a" + i) }).then(function () { log.push("b" + i) });
		})(i);
	}
	`)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, p := range []string{"a", "b"} {
		for i := 0; i < 300; i++ {
			want = append(want, p+strconv.Itoa(i))
		}
	}
	if got := vm.Get("log").String(); got != strings.Join(want, ",") {
		t.Fatalf("got %s", got)
	}
}
