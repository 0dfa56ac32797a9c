package node

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
)

// runHostileNet runs node/testdata/hostile/NAME with the real clock (sockets racing as in
// node) and reports stdout, stderr and the exit status.
func runHostileNet(t *testing.T, name string, virtual bool) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	p, err := New("testdata/hostile/"+name, Options{VirtualTime: virtual, Stdout: &out, Stderr: &errb})
	if err != nil {
		t.Fatal(err)
	}
	code := p.Run()
	return out.String(), errb.String(), code
}

// settledGoroutines is the number of goroutines once those that are ending have ended.
func settledGoroutines() int {
	n := runtime.NumGoroutine()
	for i := 0; i < 100; i++ {
		runtime.Gosched()
		runtime.GC()
		if m := runtime.NumGoroutine(); m >= n {
			return m
		} else {
			n = m
		}
	}
	return n
}

// TestNetHostile10kConnections: one script's server accepts 10,000 connections from its own
// clients (200 at a time), each answered and closed; every socket's goroutines end with it.
func TestNetHostile10kConnections(t *testing.T) {
	before := settledGoroutines()
	out, stderr, code := runHostileNet(t, "net_10k_connections.js", false)
	if out != "accepted 10000 closed 10000\n" || code != 0 || stderr != "" {
		t.Fatalf("exit %d\n%s--- stderr:\n%s", code, out, stderr)
	}
	if after := settledGoroutines(); after > before+5 {
		t.Errorf("%d goroutines before, %d after: sockets' goroutines outlive the process", before, after)
	}
}

// TestNetHostileNeverReads: a client that never reads; the server respects write()'s
// backpressure. The heap stays bounded (the kernel holds what is in flight, plus one
// highWaterMark and one read chunk in flight per socket).
func TestNetHostileNeverReads(t *testing.T) {
	out, stderr, code := runHostileNet(t, "net_never_reads.js", false)
	if out != "written bounded falses true\n" || code != 0 || stderr != "" {
		t.Fatalf("exit %d\n%s--- stderr:\n%s", code, out, stderr)
	}
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	if m.HeapInuse > 256<<20 {
		t.Errorf("heap in use %d MiB after a client that never reads", m.HeapInuse>>20)
	}
}

// TestNetHostileRefusedLoop: 2,000 connects in a row to a closed port, each ECONNREFUSED
// then 'close', under both clocks.
func TestNetHostileRefusedLoop(t *testing.T) {
	for _, virtual := range []bool{false, true} {
		out, stderr, code := runHostileNet(t, "net_refused_loop.js", virtual)
		if out != "refused 2000\n" || code != 0 || stderr != "" {
			t.Fatalf("virtual %v: exit %d\n%s--- stderr:\n%s", virtual, code, out, stderr)
		}
	}
}

// TestNetHostilePortInUse: listen on a port in use with no 'error' listener is node's
// uncaught EADDRINUSE (exit 1, the message on stderr), not a Go panic.
func TestNetHostilePortInUse(t *testing.T) {
	out, stderr, code := runHostileNet(t, "net_port_in_use.js", true)
	if code != 1 || out != "" || !strings.Contains(stderr, "Error: listen EADDRINUSE: address already in use 127.0.0.1:") || strings.Contains(stderr, "goroutine") {
		t.Errorf("exit %d\n%s--- stderr:\n%s", code, out, stderr)
	}
}

// TestChildHostileFlood: a child floods stdout with 100 MB, read as it comes; another floods
// a paused stdout and is killed. Memory stays bounded: one read chunk in flight per pipe,
// the rest in the kernel's pipe buffer.
func TestChildHostileFlood(t *testing.T) {
	out, stderr, code := runHostileNet(t, "child_flood.js", false)
	want := "read 100000000 exit 0\nbuffered at most a highWaterMark and a chunk true\nyes closed null SIGTERM\n"
	if out != want || code != 0 || stderr != "" {
		t.Fatalf("exit %d\n%s--- stderr:\n%s--- want:\n%s", code, out, stderr, want)
	}
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	if m.HeapInuse > 256<<20 {
		t.Errorf("heap in use %d MiB after a child's flood", m.HeapInuse>>20)
	}
}

// TestNetServerClosedBeforeAccept: a server closes right after its client connected, before
// its poll phase saw the connection: the client's connection ends, the process ends, with
// node's output, under both clocks. (Whether our acceptor took the connection before the
// listener closed is a race; when it did not, the poll phase must not wait for that accept.)
func TestNetServerClosedBeforeAccept(t *testing.T) {
	for _, virtual := range []bool{false, true} {
		out, stderr, code := runHostileNet(t, "net_close_before_accept.js", virtual)
		if out != "server closed\nclient closed\n" || code != 0 || stderr != "" {
			t.Errorf("virtual %v: exit %d\n%s--- stderr:\n%s", virtual, code, out, stderr)
		}
	}
}
