package window

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Every key of the key map that types a character is found again from that character, so
// that a press lost between two frames still acts (keysPressedOrTyped); upper case is the
// same key.
func TestKeyMapKeysFromCharacters(t *testing.T) {
	typed := map[ebiten.Key]rune{}
	for r := rune(' '); r < 0x7f; r++ {
		if k, ok := charKey(r); ok {
			if _, seen := typed[k]; !seen {
				typed[k] = r
			}
		}
	}
	typing := func(k ebiten.Key) bool {
		return k >= ebiten.KeyA && k <= ebiten.KeyZ || k >= ebiten.Key0 && k <= ebiten.Key9 ||
			k == ebiten.KeySpace || k == ebiten.KeyMinus || k == ebiten.KeyEqual ||
			k == ebiten.KeyBracketLeft || k == ebiten.KeyBracketRight
	}
	n := 0
	for _, b := range keyMap() {
		for _, k := range b.keys {
			if !typing(k) {
				continue
			}
			n++
			if _, ok := typed[k]; !ok {
				t.Errorf("key %v of the key map has no character", k)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d typing keys in the key map", n)
	}
	for r, want := range map[rune]ebiten.Key{'r': ebiten.KeyR, 'R': ebiten.KeyR, '5': ebiten.Key5, ' ': ebiten.KeySpace, ']': ebiten.KeyBracketRight} {
		if k, ok := charKey(r); !ok || k != want {
			t.Errorf("charKey(%q) = %v, %v; want %v", r, k, ok, want)
		}
	}
	if _, ok := charKey('é'); ok {
		t.Error("é is a key of the key map")
	}
}
