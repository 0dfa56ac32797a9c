package agent

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// TestTraceSince: Since returns the spans that end at or after a time, oldest first, from a
// wrapped ring buffer, and honours its limit.
func TestTraceSince(t *testing.T) {
	tr := NewTrace(8)
	for i := 0; i < 12; i++ { // wraps: spans 4..11 are kept
		tr.Add(Span{Kind: KindTask, Name: fmt.Sprint(i), Start: float64(i * 10), End: float64(i*10 + 5)})
	}
	got := tr.Since(75, 0, nil) // spans ending at or after 75: 7 (75), 8, 9, 10, 11
	if len(got) != 5 || got[0].Name != "7" || got[4].Name != "11" {
		t.Fatalf("Since(75) = %v", got)
	}
	if got := tr.Since(0, 3, nil); len(got) != 3 || got[0].Name != "9" {
		t.Fatalf("Since(0, max 3) = %v, want the newest three, 9..11", got)
	}
	if got := tr.Since(0, 0, nil); len(got) != 8 || got[0].Name != "4" {
		t.Fatalf("Since(0) = %d spans from %q, want 8 from 4", len(got), got[0].Name)
	}
	if tr.Total() != 12 {
		t.Errorf("Total = %d", tr.Total())
	}
}

// TestTraceDisabled: a capacity of 0 or less records nothing (and does not panic).
func TestTraceDisabled(t *testing.T) {
	for _, c := range []int{0, -1} {
		tr := NewTrace(c)
		tr.Add(Span{Kind: KindTask})
		if tr.Enabled() || len(tr.Spans()) != 0 || tr.Total() != 0 || len(tr.Since(0, 0, nil)) != 0 {
			t.Errorf("NewTrace(%d) recorded a span", c)
		}
	}
}

// BenchmarkTraceAdd: recording one span (the mutex the window's reads need included).
func BenchmarkTraceAdd(b *testing.B) {
	tr := NewTrace(1 << 16)
	s := Span{Kind: KindTask, Name: "x", Start: 1, End: 2}
	for i := 0; i < b.N; i++ {
		tr.add(s)
	}
}

// BenchmarkTraceSince2s: what the window reads each frame: the last 2 s of a page running
// 600 spans a second (a busy animation), from a full default-size ring.
func BenchmarkTraceSince2s(b *testing.B) {
	tr := NewTrace(1 << 16)
	for i := 0; i < 1<<16; i++ {
		t := float64(i) * 1000 / 600
		tr.add(Span{Kind: KindTask, Start: t, End: t + 1})
	}
	now := float64(1<<16) * 1000 / 600
	var buf []Span
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = tr.Since(now-2000, 50000, buf[:0])
	}
	if len(buf) < 1100 {
		b.Fatalf("%d spans", len(buf))
	}
}

// TestTraceMemory reports the ring buffer's size (the default keeps 65,536 spans).
func TestTraceMemory(t *testing.T) {
	size := unsafe.Sizeof(Span{})
	t.Logf("Span is %d bytes; the default ring of %d spans is %.1f MiB (plus the names it references)", size, 1<<16, float64(size)*(1<<16)/(1<<20))
	if size > 80 {
		t.Errorf("Span grew to %d bytes", size)
	}
}

// TestTraceInternsNames: spans whose names are built afresh each time share one copy of the
// name (a full ring holds a few strings, not one per span), up to maxInternedNames names.
func TestTraceInternsNames(t *testing.T) {
	tr := NewTrace(16)
	prefix := "requestAnimationFrame "
	for range 16 {
		tr.Add(Span{Kind: KindAnimationFrame, Name: prefix + fmt.Sprint("frame")})
	}
	spans := tr.Spans()
	for _, s := range spans[1:] {
		if s.Name != spans[0].Name || unsafe.StringData(s.Name) != unsafe.StringData(spans[0].Name) {
			t.Fatalf("span name %q is a copy of its own, not the interned one", s.Name)
		}
	}
	for i := range 2 * maxInternedNames {
		tr.Add(Span{Name: fmt.Sprint("distinct ", i)})
	}
	if len(tr.names) != maxInternedNames {
		t.Errorf("%d interned names, want the cap %d", len(tr.names), maxInternedNames)
	}
	if got := tr.Spans(); got[len(got)-1].Name != fmt.Sprint("distinct ", 2*maxInternedNames-1) {
		t.Errorf("a name past the cap was not kept as it is: %q", got[len(got)-1].Name)
	}
}

// TestTraceBoundedInBytes (issue 17): the trace records whether or not anything shows it, so
// what it keeps must be bounded in bytes over any run: a long run of spans with endless
// distinct, huge names keeps the ring's number of spans, each name cut to maxSpanText bytes
// (on a rune boundary), and the newest spans.
func TestTraceBoundedInBytes(t *testing.T) {
	const capacity = 4096
	tr := NewTrace(capacity)
	huge := strings.Repeat("é", 50_000) // 100 KB of two-byte runes
	for i := range 20 * capacity {
		tr.Add(Span{Kind: KindFunctionCall, Name: fmt.Sprint(i, " ", huge), Detail: huge, Start: float64(i), End: float64(i) + 0.5})
	}
	spans := tr.Spans()
	text := 0
	for _, s := range spans {
		text += len(s.Name) + len(s.Detail)
		if !utf8.ValidString(s.Name) || !utf8.ValidString(s.Detail) {
			t.Fatalf("a cut name is not valid UTF-8: %q", s.Name)
		}
	}
	if len(spans) != capacity || text > capacity*2*(maxSpanText+len("…")) {
		t.Errorf("the trace keeps %d spans and %d bytes of names: want %d spans, at most %d bytes", len(spans), text, capacity, capacity*2*(maxSpanText+len("…")))
	}
	if last := spans[len(spans)-1]; last.Start != float64(20*capacity-1) || !strings.HasPrefix(last.Name, fmt.Sprint(20*capacity-1, " éé")) {
		t.Errorf("the newest span kept is %v %.20q, want the last one recorded", last.Start, last.Name)
	}
}

// TestTraceNewest: the newest kept span of a kind, found across the ring's wrap; none once
// the ring has dropped every span of that kind.
func TestTraceNewest(t *testing.T) {
	tr := NewTrace(4)
	tr.Add(Span{Kind: KindFrame, Start: 1})
	tr.Add(Span{Kind: KindTask, Start: 2})
	tr.Add(Span{Kind: KindFrame, Start: 3})
	tr.Add(Span{Kind: KindTask, Start: 4})
	tr.Add(Span{Kind: KindTask, Start: 5}) // wraps: the span at 1 is dropped
	if s, ok := tr.Newest(KindFrame); !ok || s.Start != 3 {
		t.Errorf("newest frame: %+v %v, want the one at 3", s, ok)
	}
	if s, ok := tr.Newest(KindTask); !ok || s.Start != 5 {
		t.Errorf("newest task: %+v %v, want the one at 5", s, ok)
	}
	tr.Add(Span{Kind: KindTask, Start: 6})
	tr.Add(Span{Kind: KindTask, Start: 7}) // the frame at 3 is dropped too
	if s, ok := tr.Newest(KindFrame); ok {
		t.Errorf("newest frame after the ring dropped them: %+v", s)
	}
}
