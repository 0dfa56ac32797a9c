package node

import (
	"bytes"
	"testing"
)

// TestNetLoopbackOnly: an address outside 127.0.0.0/8 and ::1 is refused (LOOPBACK ONLY,
// tcp.go), so no test or demo can reach beyond this machine.
func TestNetLoopbackOnly(t *testing.T) {
	var out, errb bytes.Buffer
	p, err := New("testdata/net_not_loopback.js", Options{VirtualTime: true, Stdout: &out, Stderr: &errb})
	if err != nil {
		t.Fatal(err)
	}
	code := p.Run()
	want := "listen EACCES listen\nconnect EACCES connect 192.0.2.1\nclose\n"
	if code != 0 || out.String() != want || errb.String() != "" {
		t.Errorf("exit %d\n%s--- stderr:\n%s--- want:\n%s", code, out.String(), errb.String(), want)
	}
}
