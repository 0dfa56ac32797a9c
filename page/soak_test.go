package page

import (
	"bufio"
	"image"
	"image/png"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"
	"time"

	"loopscope/loop"
)

// TestSoak runs testdata/hostile/soak.html (a rAF animation that also creates and drops
// nodes every frame, a setInterval that rewrites the DOM, a MutationObserver) headless on
// the real clock (or, with LOOPSCOPE_SOAK_CLOCK=virtual, in virtual time: about 1 s of wall
// time per page minute here) and samples memory every minute of page time: the Go heap
// after a GC, and the process's RSS. It runs only when LOOPSCOPE_SOAK is set to a duration ("30m"); see
// scripts/soak.sh. It fails when the heap at 10 minutes or at the end is more than 10 %
// above the start (10 s in: the page loaded and animating), or when the peak of the last
// third of the samples is more than 10 % above the middle third's.
func TestSoak(t *testing.T) {
	spec := os.Getenv("LOOPSCOPE_SOAK")
	if spec == "" {
		t.Skip("set LOOPSCOPE_SOAK=30m to run the soak test")
	}
	total, err := time.ParseDuration(spec)
	if err != nil {
		t.Fatalf("LOOPSCOPE_SOAK=%q: %v", spec, err)
	}
	every, warmUp := time.Minute, 10*time.Second
	if total < 10*time.Minute {
		every, warmUp = total/10, total/60
	}
	src, err := os.ReadFile("../testdata/hostile/soak.html")
	if err != nil {
		t.Fatal(err)
	}
	con := &countingConsole{}
	virtual := os.Getenv("LOOPSCOPE_SOAK_CLOCK") == "virtual"
	opts := Options{Console: con, VirtualTime: virtual}
	var inst *soakInstruments
	if os.Getenv("LOOPSCOPE_SOAK_INSTRUMENTS") != "" {
		inst = &soakInstruments{}
		opts.OnFrame = inst.frame
	}
	p, err := New(src, "file:///soak.html", "", opts)
	if err != nil {
		t.Fatal(err)
	}
	if inst != nil {
		inst.p = p
	}
	var samples []soakSample
	wall := time.Now()
	take := func() {
		// On the loop's goroutine (a host timer), between tasks.
		if inst != nil {
			inst.sample(t)
		}
		s := soakSample{at: time.Duration(p.Loop.Now() * float64(time.Millisecond)), heap: liveHeap(), rss: rssBytes(), frames: p.Loop.Stats().Frames, messages: con.n, spans: p.Loop.Trace().Total()}
		t.Logf("%6s  heap %7.1f MiB  rss %7.1f MiB  frames %7d  spans %8d  console %d  (wall %s)", s.at.Round(time.Second), mib(s.heap), mib(s.rss), s.frames, s.spans, s.messages, time.Since(wall).Round(time.Second))
		samples = append(samples, s)
	}
	take() // before the page loaded
	// Then once the page is loaded and animating (the steady state's start), then every minute.
	p.Loop.At(float64(warmUp.Milliseconds()), take)
	for at := every; at <= total; at += every {
		p.Loop.At(float64(at.Milliseconds()), take)
	}
	p.Run(loop.RunOptions{Until: float64(total.Milliseconds()) + 50})
	if f := os.Getenv("LOOPSCOPE_SOAK_PROFILE"); f != "" {
		writeHeapProfile(t, f) // while the page is still alive
	}
	runtime.KeepAlive(p)
	if len(samples) < 4 {
		t.Fatalf("only %d samples", len(samples))
	}
	// samples[0] is the process before the page loaded; the steady state starts once the page
	// is loaded and animating (samples[1]) and the trace's ring buffer is full: until it
	// wraps, every span recorded is new memory the ring keeps, by design (its capacity bounds
	// it). The instruments record more spans a frame, so the ring fills later.
	start := 1
	for start < len(samples)-3 && samples[start].spans < traceCapacity {
		start++
	}
	if samples[start].spans < traceCapacity {
		t.Fatalf("the trace's ring (%d spans) was not full before the last 3 samples (%d spans): run longer", traceCapacity, samples[start].spans)
	}
	samples = append(samples[:1:1], samples[start:]...)
	first := samples[1]
	t.Logf("before load       heap %6.1f MiB  rss %6.1f MiB", mib(samples[0].heap), mib(samples[0].rss))
	t.Logf("start (%-6s)    heap %6.1f MiB  rss %6.1f MiB", first.at.Round(time.Second), mib(first.heap), mib(first.rss))
	checks := []soakSample{samples[len(samples)-1]}
	if s, ok := sampleAt(samples, 10*time.Minute); ok && total >= 20*time.Minute {
		checks = append([]soakSample{s}, checks...)
	}
	for _, s := range checks {
		t.Logf("at %-6s         heap %6.1f MiB  rss %6.1f MiB", s.at.Round(time.Minute), mib(s.heap), mib(s.rss))
		if float64(s.heap) > 1.10*float64(first.heap) {
			t.Errorf("heap %.1f MiB at %s is more than 10 %% above the start's %.1f MiB", mib(s.heap), s.at.Round(time.Second), mib(first.heap))
		}
	}
	if len(con.errors) > 0 {
		t.Errorf("errors: %q", con.errors)
	}
	// Detached nodes go in sweeps, so the heap is a sawtooth: also compare the peaks of the
	// middle and the last third of the run.
	third := (len(samples) - 1) / 3
	mid, last := peakHeap(samples[1+third:1+2*third]), peakHeap(samples[1+2*third:])
	if float64(last) > 1.10*float64(mid) {
		t.Errorf("heap grew from a peak of %.1f MiB (middle third of the run) to %.1f MiB (last third): more than 10 %%", mib(mid), mib(last))
	}
	if inst != nil {
		t.Logf("instruments: %d frames encoded (%.1f MiB of PNG), %d trace exports (last %.1f MiB), %d queue snapshots",
			inst.frames, mib(uint64(inst.pngBytes)), inst.exports, mib(uint64(inst.traceBytes)), inst.snapshots)
	}
	if end := samples[len(samples)-1]; end.frames < int(0.5*60*total.Seconds()) {
		t.Errorf("only %d frames in %s (a 60 Hz display gives %d)", end.frames, total, int(60*total.Seconds()))
	}
}

// soakInstruments are the instruments a soak can run with (LOOPSCOPE_SOAK_INSTRUMENTS=1,
// scripts/soak.sh DURATION CLOCK instruments): every frame is encoded as a PNG and the queues
// are inspected, as -filmstrip and the queues view do, and the whole trace is exported as
// Chrome trace JSON at every sample, as -trace does; their memory must stay bounded too.
type soakInstruments struct {
	p                    *Page
	frames, snapshots    int
	exports              int
	pngBytes, traceBytes int64
}

func (s *soakInstruments) frame(img *image.RGBA, _ float64, _ image.Rectangle) {
	var n countingWriter
	if err := png.Encode(&n, img); err == nil {
		s.pngBytes += int64(n)
	}
	s.frames++
	if s.p != nil {
		s.p.Loop.Inspect(10)
		s.snapshots++
	}
}

func (s *soakInstruments) sample(t *testing.T) {
	var n countingWriter
	if err := s.p.Loop.Trace().WriteChromeTrace(&n); err != nil {
		t.Errorf("trace export: %v", err)
	}
	s.exports++
	s.traceBytes = int64(n)
}

// countingWriter counts what is written to it.
type countingWriter int64

func (w *countingWriter) Write(b []byte) (int, error) {
	*w += countingWriter(len(b))
	return len(b), nil
}

// soakSample is one memory sample of the soak run.
type soakSample struct {
	at       time.Duration
	heap     uint64 // live Go heap after a GC
	rss      uint64
	frames   int
	messages int
	spans    uint64 // spans the trace has recorded (its ring keeps the last traceCapacity)
}

// traceCapacity is the trace ring's default capacity (loop.Options.TraceCapacity).
const traceCapacity = 1 << 16

func peakHeap(s []soakSample) uint64 {
	var p uint64
	for _, e := range s {
		p = max(p, e.heap)
	}
	return p
}

// sampleAt is the first sample taken at or after m (within 30 s).
func sampleAt(s []soakSample, m time.Duration) (soakSample, bool) {
	for _, e := range s {
		if e.at >= m-30*time.Second {
			return e, e.at <= m+30*time.Second
		}
	}
	return soakSample{}, false
}

// countingConsole counts console messages and keeps errors (a soak must not keep every line).
type countingConsole struct {
	n      int
	errors []string
}

func (c *countingConsole) Message(level, text string) { c.n++ }
func (c *countingConsole) Error(text string)          { c.errors = append(c.errors, text) }

// liveHeap is the Go heap's live objects after a full collection.
func liveHeap() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// rssBytes is the process's resident set size (Linux; 0 elsewhere).
func rssBytes() uint64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb * 1024
		}
	}
	return 0
}

func writeHeapProfile(t *testing.T, file string) {
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		t.Fatal(err)
	}
}

func mib(b uint64) float64 { return float64(b) / (1 << 20) }
