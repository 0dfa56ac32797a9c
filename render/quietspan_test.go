package render

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// quietPage runs CSS animations of every timing the update steps can skip frames of:
// fractional and negative delays, fractional iteration counts, every direction and fill,
// durations shorter than a frame, and one paused.
const quietPage = `<!DOCTYPE html><style>
@keyframes k { to { opacity: 0.5 } }
@keyframes m { 50% { transform: translateX(3.5px) } }
#a { animation: k 100ms linear infinite }
#b { animation: k 33.3ms linear -12.7ms 7.5 alternate forwards }
#c { animation: m 250ms ease-in 80.25ms 2 reverse both }
#d { animation: k 7ms linear 3ms infinite alternate-reverse }
#e { animation: m 1s linear -999.9ms 1.25 backwards }
#f { animation: k 60ms linear 40ms 3 paused }
#g { animation: k 16.66ms steps(3) infinite, m 45ms linear 2.5 }
</style><body><div id=a>a</div><div id=b>b</div><div id=c>c</div><div id=d>d</div>
<div id=e>e</div><div id=f>f</div><div id=g>g</div><div id=h>h</div></body>`

// TestQuietAnimationsSkipNothing: the update of animations skips an animation until
// something is due (quietSpan), and gives the same events, current times, phases and
// promises as updating every animation every frame, with frames at random fractional
// times and random script calls (play, pause, seek, playback rates, timing updates)
// that end a quiet span.
func TestQuietAnimationsSkipNothing(t *testing.T) {
	for seed := int64(1); seed <= 12; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			rng := rand.New(rand.NewSource(seed))
			src := parsePage(t, quietPage)
			quiet, every := NewEngine(src, 300, 200), NewEngine(src, 300, 200)
			var scripted [2][]*Animation
			for i, e := range []*Engine{quiet, every} {
				e.Style()
				for _, id := range []string{"h", "a"} {
					a, err := e.Animate(byID(src.doc, id), []KeyframeInput{
						{Props: [][2]string{{"opacity", "0.25"}}}, {Props: [][2]string{{"opacity", "0.75"}}},
					}, TimingInput{Delay: 20.5, EndDelay: 13, Duration: 41.3, Iterations: 4.4, IterationStart: 0.7,
						Direction: "alternate", Fill: "both", Easing: "ease"})
					if err != nil {
						t.Fatal(err)
					}
					a.SetOwner(id) // promises and playback events are reported
					a.Play()
					scripted[i] = append(scripted[i], a)
				}
			}
			now, skipped := 0.0, 0
			for frame := 0; frame < 300; frame++ {
				now += []float64{16.7, 0.3, 8.125, 33.4, 16.6667}[rng.Intn(5)]
				if rng.Intn(12) == 0 { // a script call on one of the animations, in both engines
					k, op, v := rng.Intn(2), rng.Intn(7), float64(rng.Intn(400))+0.5
					for i := range scripted {
						a := scripted[i][k]
						switch op {
						case 0:
							a.Pause()
						case 1:
							_ = a.Play()
						case 2:
							a.SetCurrentTime(v)
						case 3:
							a.SetPlaybackRate([]float64{2, 0.5, -1, 1}[int(v)%4])
						case 4:
							a.UpdatePlaybackRate([]float64{3, 1, -0.5}[int(v)%3])
						case 5:
							_ = a.UpdateTiming(TimingInput{Delay: v / 10, Duration: 30 + v/7, Iterations: 2.5, Fill: "forwards", Easing: "linear"})
						case 6:
							_ = a.Finish()
						}
					}
				}
				every.animEpoch++ // every animation is updated at every frame
				quiet.UpdateAnimations(now)
				every.UpdateAnimations(now)
				if got, want := animationState(quiet), animationState(every); got != want {
					t.Fatalf("frame %d at %v: skipping quiet animations gave\n%s\nupdating all gave\n%s", frame, now, got, want)
				}
				for i := range quiet.anims {
					if quiet.quietEpoch == quiet.animEpoch && quiet.quietUntil[i] > now {
						skipped++ // quiet at the next frame, if it comes before the span ends
					}
				}
				quiet.Style()
				every.Style()
			}
			t.Logf("%d animations quiet after an update", skipped)
			if skipped < 300 {
				t.Errorf("%d animations quiet after an update: want some (a few run longer than a frame)", skipped)
			}
		})
	}
}

// animationState is what the update of animations left: the events queued, sorted, then
// each animation's play state, current time, computed timing, promises and CSS event
// bookkeeping.
func animationState(e *Engine) string {
	var b strings.Builder
	evs, _ := e.TakeAnimationEvents()
	for _, ev := range evs {
		fmt.Fprintf(&b, "event %s %s %v %v %v\n", ev.Type, ev.Name, ev.ElapsedTime, ev.Time, ev.CurrentTime)
	}
	for _, a := range e.Animations(e.src.Root(), true) {
		cur, ok := a.CurrentTime()
		fmt.Fprintf(&b, "%s %s %v/%v ready=%v finished=%v phase=%d iter=%v %+v\n", a.name, a.PlayState(), cur, ok,
			a.TakeReady(), a.TakeFinished(), a.prevPhase, a.prevIteration, a.ComputedTiming())
	}
	return b.String()
}

// TestQuietAnimationKeepsItsPreviousCurrentTime: an animation skipped for frames, whose
// end then moves before its current time (updateTiming), finishes at the current time of
// the last update (the hold time is the previous current time, the larger), as when it is
// updated every frame.
func TestQuietAnimationKeepsItsPreviousCurrentTime(t *testing.T) {
	src := parsePage(t, `<body><div id=a>a</div></body>`)
	e := NewEngine(src, 100, 100)
	e.Style()
	a, err := e.Animate(byID(src.doc, "a"), []KeyframeInput{{Props: [][2]string{{"opacity", "0"}}}, {Props: [][2]string{{"opacity", "1"}}}},
		TimingInput{Duration: 1000, Iterations: 1, Fill: "forwards", Easing: "linear"})
	if err != nil {
		t.Fatal(err)
	}
	a.Play()
	for _, now := range []float64{0, 16, 32, 48, 64} {
		e.UpdateAnimations(now)
	}
	if e.quietUntil[0] <= 64 {
		t.Fatalf("not quiet at 64 ms: its span ends at %v", e.quietUntil[0])
	}
	_ = a.UpdateTiming(TimingInput{Duration: 40, Iterations: 1, Fill: "forwards", Easing: "linear"})
	if cur, _ := a.CurrentTime(); a.PlayState() != "finished" || cur != 64 {
		t.Errorf("after its end moved to 40 ms at 64 ms: %s at %v ms, want finished at 64 (the previous current time)", a.PlayState(), cur)
	}
}
