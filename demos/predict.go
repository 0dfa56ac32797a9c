package demos

import (
	"math/rand/v2"

	"loopscope/page"
)

// A prediction is the learner's answer to a demo's question: the expected log lines, which
// the gallery gives shuffled, in the order the learner thinks they print. Checking it compares
// it, line by line, with what the page printed and with Chrome's recorded answer.

// Shuffled returns lines in an order that differs from the given one (when it can), the same
// for the same seed, so the learner has something to put in order.
func Shuffled(lines []string, seed uint64) []string {
	out := append([]string(nil), lines...)
	if len(out) < 2 {
		return out
	}
	r := rand.New(rand.NewPCG(seed, 0x10095c09e))
	for tries := 0; tries < 8; tries++ {
		r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		if !equal(out, lines) {
			return out
		}
	}
	out[0], out[len(out)-1] = out[len(out)-1], out[0]
	return out
}

// LineCheck is one line of a checked prediction.
type LineCheck struct {
	Predicted, Printed, Chrome string
	// Right: the predicted line is the printed one; Chrome: the printed line is Chrome's.
	Right, MatchesChrome bool
}

// Check compares a prediction with what the page printed (its console log lines) and with
// the run's answer recorded from Chrome (the expected lines, or the alternative the page's
// output matches, when Chrome races). It has one line per line of the longest of the three.
func Check(predicted, printed []string, run page.Run) []LineCheck {
	chrome := run.Expected
	for _, alt := range run.Alternatives {
		if equal(alt, printed) {
			chrome = alt
		}
	}
	n := max(len(predicted), len(printed), len(chrome))
	out := make([]LineCheck, n)
	at := func(s []string, i int) string {
		if i < len(s) {
			return s[i]
		}
		return ""
	}
	for i := range out {
		c := LineCheck{Predicted: at(predicted, i), Printed: at(printed, i), Chrome: at(chrome, i)}
		c.Right = i < len(predicted) && i < len(printed) && c.Predicted == c.Printed
		c.MatchesChrome = i < len(chrome) && i < len(printed) && c.Printed == c.Chrome
		out[i] = c
	}
	return out
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
