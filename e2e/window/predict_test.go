//go:build !headless

package window

import (
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"loopscope/demos"
)

// The prediction's geometry and colours (window/predict.go).
const predictX, predictTop, predictRowH = 800 + 8, barOffset + 22 + 40, 22

var (
	predictRight = color.RGBA{0x3c, 0xc8, 0x50, 0xff}
	predictWrong = color.RGBA{0xf0, 0x3c, 0x3c, 0xff}
)

// predictShuffle is the order the window gives a demo's lines in (predictSeed).
func predictShuffle(name string, lines []string) []string {
	h := fnv.New64a()
	h.Write([]byte(name))
	return demos.Shuffled(lines, h.Sum64())
}

// orderKeys are the keys that sort shuffled into want with ↑/↓ and Shift+↑ (cursor at 0).
func orderKeys(shuffled, want []string) []string {
	cur := append([]string(nil), shuffled...)
	var keys []string
	cursor := 0
	for i, w := range want {
		j := i
		for cur[j] != w {
			j++
		}
		for ; cursor < j; cursor++ {
			keys = append(keys, "Down")
		}
		for ; cursor > j; cursor-- {
			keys = append(keys, "Up")
		}
		for ; cursor > i; cursor-- {
			cur[cursor], cur[cursor-1] = cur[cursor-1], cur[cursor]
			keys = append(keys, "shift+Up")
		}
	}
	return keys
}

// arrangePrediction orders the prediction as want with the arrow keys, as a learner would,
// going by the order the window says it holds (its "predict: CURSOR [a | b | c]" lines): a key
// lost or repeated on a loaded machine shows in the next state, and the next key makes up
// for it. The first key is checked against orderKeys's plan from the known shuffle.
func arrangePrediction(t *testing.T, w *windowRun, shuffled, want []string) {
	t.Helper()
	re := regexp.MustCompile(`^predict: (\d+) \[(.*)\]$`)
	next := func(timeout time.Duration) []string { // the next state, nil if none came
		deadline := time.After(timeout)
		for {
			select {
			case ln, ok := <-w.errLines:
				if !ok {
					t.Fatal("loopscope exited while the prediction was being ordered")
				}
				if m := re.FindStringSubmatch(ln); m != nil {
					return m
				}
			case <-deadline:
				return nil
			}
		}
	}
	m := next(time.Minute)
	if m == nil {
		t.Fatal("the window did not say which order it holds")
	}
	if got := strings.Split(m[2], " | "); !slices.Equal(got, shuffled) {
		t.Fatalf("the prediction opened as %q, want the shuffle %q", got, shuffled)
	}
	plan := orderKeys(shuffled, want)
	for tries := 0; ; tries++ {
		cur, _ := strconv.Atoi(m[1])
		lines := strings.Split(m[2], " | ")
		if slices.Equal(lines, want) {
			return
		}
		if tries > 2*len(plan)+10 {
			t.Fatalf("the prediction is %q after %d keys, want %q", lines, tries, want)
		}
		key := nextOrderKey(lines, cur, want)
		if tries == 0 && len(plan) > 0 && key != plan[0] {
			t.Fatalf("first key %q, orderKeys plans %q", key, plan[0])
		}
		holdKeys(t, key)
		if n := next(10 * time.Second); n != nil {
			m = n
		} // else the key was lost: the same state asks for the same key again
	}
}

// nextOrderKey is the key that brings lines (cursor on row cur) one step closer to want:
// the cursor to the line that belongs at the first wrong row, then Shift+Up moves it up.
func nextOrderKey(lines []string, cur int, want []string) string {
	i := 0
	for i < len(lines) && lines[i] == want[i] {
		i++
	}
	j := i + slices.Index(lines[i:], want[i])
	switch {
	case cur < j:
		return "Down"
	case cur > j:
		return "Up"
	}
	return "shift+Up"
}

// waitVerdicts polls the window until each prediction row shows a check mark where right[i]
// and a cross elsewhere.
func waitVerdicts(t *testing.T, x0, y0 int, right []bool, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		img := windowShot(t, x0, y0, "tmp-predict")
		bad := -1
		for i, r := range right {
			cell := image.Rect(predictX, predictTop+i*predictRowH, predictX+20, predictTop+(i+1)*predictRowH)
			g, rd := countColor(img, cell, predictRight, 40), countColor(img, cell, predictWrong, 40)
			if (r && (g < 10 || rd > 0)) || (!r && (rd < 10 || g > 0)) {
				bad = i
				break
			}
		}
		if bad < 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("row %d of the check does not show a %v verdict (want %v)", bad+1, right[bad], right)
		}
		time.Sleep(300 * time.Millisecond)
	}
}

// TestWindowPredictAndCheck, with real keys: the first lesson opens paused with its lines
// shuffled (nothing printed yet); put in Chrome's order and run, every line gets a check
// mark; run again without reordering, a cross marks exactly the lines that differ.
func TestWindowPredictAndCheck(t *testing.T) {
	needDisplay(t)
	d, err := demos.Get("jake_script_start")
	if err != nil {
		t.Fatal(err)
	}
	want := d.Runs[0].Expected
	shuffled := predictShuffle(d.Name, want)
	t.Setenv("LOOPSCOPE_QUEUES_DUMP", "1") // the window writes the order it holds ("predict: …")
	w := startWindow(t)
	x0, y0 := windowOrigin(t)
	waitForPixel(t, x0+600, y0+galleryTop+galleryRowH+galleryRowH/2, galleryPick, time.Minute)
	pointerForKeys(t, x0, y0)
	holdKeys(t, "Return") // the first lesson's first demo
	cursor := color.RGBA{0x33, 0x44, 0x66, 0xff}
	waitForPixel(t, x0+predictX+300, y0+predictTop+8, cursor, time.Minute)
	windowShot(t, x0, y0, "predict")
	arrangePrediction(t, w, shuffled, want)
	holdKeys(t, "Return")
	w.expectLines(t, "the page's log", want...)
	all := make([]bool, len(want))
	for i := range all {
		all[i] = true
	}
	waitVerdicts(t, x0, y0, all, time.Minute)
	windowShot(t, x0, y0, "predict-checked")

	holdKeys(t, "Escape") // the gallery, then the same demo again: a fresh, shuffled prediction
	waitForPixel(t, x0+600, y0+galleryTop+galleryRowH+galleryRowH/2, galleryPick, time.Minute)
	holdKeys(t, "Return")
	waitForPixel(t, x0+predictX+300, y0+predictTop+8, cursor, time.Minute)
	holdKeys(t, "Return") // run it with the shuffled order as the prediction
	w.expectLines(t, "the page's log, again", want...)
	right := make([]bool, len(want))
	for i := range want {
		right[i] = shuffled[i] == want[i]
	}
	waitVerdicts(t, x0, y0, right, time.Minute)
}

// pointerForKeys puts the pointer over the window's lower strip: without a window manager, X
// sends keys to the window under the pointer.
func pointerForKeys(t *testing.T, x0, y0 int) {
	t.Helper()
	if out, err := exec.Command("xdotool", "mousemove", fmt.Sprint(x0+600), fmt.Sprint(y0+windowH-20)).CombinedOutput(); err != nil {
		t.Fatalf("xdotool mousemove: %v %s", err, out)
	}
}

// holdKeys presses each key (or chord, "shift+Up") down for a while before releasing it, so
// a window that polls its keys once a frame sees it even when frames are slow: on a loaded
// 2-core machine a software-rendered frame under Xvfb can take well over 100 ms, and a key
// pressed and released between two frames is never seen. Down, hold and up are one xdotool
// command, so the hold is exact: held past X's auto-repeat delay (660 ms), which starting
// two processes under a load average of 18 did, a key repeats and a typed filter gets a
// letter twice.
func holdKeys(t *testing.T, keys ...string) {
	t.Helper()
	for _, k := range keys {
		parts := strings.Split(k, "+")
		up := slices.Clone(parts)
		slices.Reverse(up)
		args := append(append(append([]string{"keydown"}, parts...), "sleep", fmt.Sprint(keyHold.Seconds()), "keyup"), up...)
		if out, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
			t.Fatalf("xdotool %v: %v %s", args, err, out)
		}
		time.Sleep(keyHold)
	}
}

// keyHold is how long holdKeys keeps a key down, and waits after releasing it.
const keyHold = 350 * time.Millisecond

// TestWindowModeShownAndReset, with real keys: the mode is always in its own badge in the top
// bar (green for spec, red for a legacy mode); M changes it, and the next demo opened from
// the gallery is in spec again, unless Shift+M pinned the mode.
func TestWindowModeShownAndReset(t *testing.T) {
	needDisplay(t)
	w := startWindow(t)
	x0, y0 := windowOrigin(t)
	spec, legacy := color.RGBA{0x2e, 0x7d, 0x32, 0xff}, color.RGBA{0xc6, 0x28, 0x28, 0xff}
	bx, by := x0+380+200, y0+6 // inside the badge, right of its text
	row1 := y0 + galleryTop + galleryRowH + galleryRowH/2
	waitForPixel(t, x0+600, row1, galleryPick, time.Minute)
	pointerForKeys(t, x0, y0)
	holdKeys(t, "Return")
	waitForPixel(t, bx, by, spec, time.Minute)
	holdKeys(t, "Return") // run the prediction: the page's keys work again
	w.expectLines(t, "the first demo", "script start")
	holdKeys(t, "m")
	waitForPixel(t, bx, by, legacy, time.Minute)
	windowShot(t, x0, y0, "tmp-mode-legacy")
	holdKeys(t, "Escape")
	waitForPixel(t, x0+600, row1, galleryPick, time.Minute)
	holdKeys(t, "Return")
	waitForPixel(t, bx, by, spec, time.Minute) // reset
	holdKeys(t, "Return", "m", "shift+m")
	waitForPixel(t, bx, by, legacy, time.Minute)
	holdKeys(t, "Escape")
	waitForPixel(t, x0+600, row1, galleryPick, time.Minute)
	holdKeys(t, "Return")
	time.Sleep(time.Second) // the badge must stay red: give a wrong reset time to show
	waitForPixel(t, bx, by, legacy, time.Minute)
}
