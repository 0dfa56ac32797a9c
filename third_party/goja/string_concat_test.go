package goja

import (
	"fmt"
	"hash/maphash"
	"io"
	"runtime/debug"
	"strings"
	"testing"
	"unicode/utf16"
)

// concatPieces returns the concatenation of pieces as a concatString (made without the length
// threshold, so that short pieces make a rope too) and as a flat string.
func concatPieces(pieces ...string) (String, String) {
	var rope String
	var flat []uint16
	for _, p := range pieces {
		s := newStringValue(p)
		if rope == nil {
			rope = s
		} else {
			rope = newConcatString(rope, s)
		}
		flat = append(flat, utf16.Encode([]rune(p))...)
	}
	return rope, StringFromUTF16(flat)
}

func readRunes(r io.RuneReader) []rune {
	var res []rune
	for {
		c, _, err := r.ReadRune()
		if err != nil {
			return res
		}
		res = append(res, c)
	}
}

func readUTF16(r utf16Reader) []uint16 {
	var res []uint16
	for {
		c, err := r.readChar()
		if err != nil {
			return res
		}
		res = append(res, c)
	}
}

func TestConcatStringMethods(t *testing.T) {
	surrogate := utf16.Encode([]rune{0x1F600})
	cases := map[string][]string{
		"ascii":       {"Hello, ", "World", "! ", "  padded  "},
		"numeric":     {" 12", "34", ".5e1 "},
		"unicode":     {"Привет, ", "мир", "! ", "日本語"},
		"mixed":       {"abc", "Ж", "def", "😀", "xyz"},
		"astral":      {"a😀", "😀b", "c"},
		"unicode end": {"plain ascii", "Ωmega"},
	}
	// A surrogate pair split between two pieces: the pieces are lone surrogates, built from
	// UTF-16 directly.
	splitRope := func() (String, String) {
		left := StringFromUTF16(append(utf16.Encode([]rune("ab")), surrogate[0]))
		right := StringFromUTF16(append([]uint16{surrogate[1]}, utf16.Encode([]rune("cd"))...))
		return newConcatString(left, right), StringFromUTF16(append(append(utf16.Encode([]rune("ab")), surrogate...), utf16.Encode([]rune("cd"))...))
	}
	makers := map[string]func() (String, String){"split surrogate pair": splitRope}
	for name, pieces := range cases {
		pieces := pieces
		makers[name] = func() (String, String) { return concatPieces(pieces...) }
	}
	r := New()
	var hasher maphash.Hash
	for name, mk := range makers {
		t.Run(name, func(t *testing.T) {
			rope, flat := mk()
			if _, ok := rope.(*concatString); !ok {
				t.Fatalf("not a concatString: %T", rope)
			}
			n := flat.Length()
			check := func(what string, got, want interface{}) {
				t.Helper()
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s: got %v, want %v", what, got, want)
				}
			}
			fresh := func() String { s, _ := mk(); return s }
			check("Length", fresh().Length(), n)
			for i := 0; i < n; i++ {
				check(fmt.Sprintf("CharAt(%d)", i), fresh().CharAt(i), flat.CharAt(i))
			}
			for start := 0; start <= n; start++ {
				for end := start; end <= n; end++ {
					got := fresh().Substring(start, end)
					if !got.StrictEquals(flat.Substring(start, end)) {
						t.Errorf("Substring(%d, %d) = %q, want %q", start, end, got.String(), flat.Substring(start, end).String())
					}
				}
			}
			check("String", fresh().String(), flat.String())
			check("string", fresh().string(), flat.string())
			check("Export", fresh().Export(), flat.Export())
			check("ToNumber", fresh().ToNumber(), flat.ToNumber())
			check("ToInteger", fresh().ToInteger(), flat.ToInteger())
			check("ToBoolean", fresh().ToBoolean(), flat.ToBoolean())
			check("toTrimmedUTF8", fresh().toTrimmedUTF8(), flat.toTrimmedUTF8())
			check("toLower", fresh().toLower().String(), flat.toLower().String())
			check("toUpper", fresh().toUpper().String(), flat.toUpper().String())
			check("Reader", string(readRunes(fresh().Reader())), string(readRunes(flat.Reader())))
			check("utf16RuneReader", readRunes(fresh().utf16RuneReader()), readRunes(flat.utf16RuneReader()))
			check("utf16Reader", readUTF16(fresh().utf16Reader()), readUTF16(flat.utf16Reader()))
			check("utf16Runes", fresh().utf16Runes(), flat.utf16Runes())
			check("hash", fresh().hash(&hasher), flat.hash(&hasher))
			check("ToObject length", fresh().ToObject(r).Get("length"), n)
			for start := 0; start <= n; start++ {
				for end := start; end <= n; end++ {
					sub := flat.Substring(start, end)
					check(fmt.Sprintf("index(%q, 0)", sub), fresh().index(sub, 0), flat.index(sub, 0))
					check(fmt.Sprintf("lastIndex(%q, %d)", sub, n), fresh().lastIndex(sub, n), flat.lastIndex(sub, n))
					check(fmt.Sprintf("CompareTo(%q)", sub), fresh().CompareTo(sub), flat.CompareTo(sub))
					check(fmt.Sprintf("%q CompareTo", sub), sub.CompareTo(fresh()), sub.CompareTo(flat))
				}
			}
			// Equality with the flat string and with another rope, both ways, before and after
			// either is flattened.
			for _, other := range []func() Value{
				func() Value { return flat },
				func() Value { return fresh() },
				func() Value { s := fresh(); _ = s.String(); return s },
				func() Value { return newImportedString(flat.String()) },
			} {
				for _, eq := range []struct {
					name string
					f    func(a, b Value) bool
				}{
					{"StrictEquals", Value.StrictEquals},
					{"SameAs", Value.SameAs},
					{"Equals", Value.Equals},
				} {
					if o := other(); !eq.f(fresh(), o) {
						t.Errorf("rope %s %T: false", eq.name, o)
					}
					if o := other(); !eq.f(o, fresh()) {
						t.Errorf("%T %s rope: false", o, eq.name)
					}
				}
			}
			differ := flat.Substring(0, n-1).Concat(asciiString("?"))
			if fresh().StrictEquals(differ) || differ.StrictEquals(fresh()) {
				t.Error("a rope equals a different string of the same length")
			}
			if fresh().StrictEquals(flat.Substring(0, n-1)) {
				t.Error("a rope equals a shorter string")
			}
			// Concatenations of a rope, flattened or not, with strings of every kind.
			for _, other := range []String{asciiString("tail"), newStringValue("хвост"), newImportedString("imported tail"), fresh()} {
				want := flat.String() + other.String()
				if got := fresh().Concat(other).String(); got != want {
					t.Errorf("Concat(%q) = %q, want %q", other.String(), got, want)
				}
				s := fresh()
				_ = s.String()
				if got := s.Concat(other).String(); got != want {
					t.Errorf("flattened Concat(%q) = %q, want %q", other.String(), got, want)
				}
			}
		})
	}
}

func newImportedString(s string) String {
	return &importedString{s: s}
}

func TestConcatStringThreshold(t *testing.T) {
	short := asciiString(strings.Repeat("a", concatStringMinLength/2))
	if _, ok := short.Concat(short).(*concatString); !ok {
		t.Error("a concatenation of concatStringMinLength characters is flat")
	}
	if _, ok := short.Concat(asciiString("b")).(asciiString); !ok {
		t.Error("a short concatenation is not flat")
	}
	long := asciiString(strings.Repeat("a", 1000))
	if s := long.Concat(stringEmpty); s != long {
		t.Error("a concatenation with an empty string is not the other string")
	}
	if s := stringEmpty.Concat(long); s != long {
		t.Error("a concatenation with an empty string is not the other string")
	}
	rope := long.Concat(long)
	if rope.Concat(stringEmpty) != rope {
		t.Error("a rope concatenated with an empty string is not the rope")
	}
}

func TestConcatStringDeepFlatten(t *testing.T) {
	// A recursive flatten would need far more than this for ropes this deep.
	defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
	const n = 200000
	var appended, prepended String = asciiString("x"), newStringValue("ж")
	var want strings.Builder
	for i := 0; i < n; i++ {
		appended = newConcatString(appended, asciiString("y"))
		prepended = newConcatString(newStringValue("ж"), prepended)
	}
	want.WriteString("x")
	want.WriteString(strings.Repeat("y", n))
	if s := appended.String(); s != want.String() {
		t.Errorf("appended rope: %d bytes, want %d", len(s), want.Len())
	}
	if s := prepended.String(); s != strings.Repeat("ж", n+1) {
		t.Errorf("prepended rope: %d bytes, want %d", len(s), (n+1)*len("ж"))
	}
}

func TestConcatStringScript(t *testing.T) {
	const SCRIPT = `
	function flat(n, f) {
		const a = [];
		for (let i = 0; i < n; i++) a.push(f(i));
		return a.join("");
	}
	function built(n, f) {
		let s = "";
		for (let i = 0; i < n; i++) s += f(i);
		return s;
	}
	function tmpl(n, f) {
		let s = "";
		for (let i = 0; i < n; i++) s = ` + "`${s}${f(i)}`" + `;
		return s;
	}
	const row = i => "<div>" + i + "</div>";
	const uni = i => "Ж" + i + (i % 2 ? "\uD83D" : "\uDE00");
	for (const [name, f] of [["ascii", row], ["unicode", uni]]) {
		const want = flat(500, f);
		for (const mk of [built, tmpl]) {
			const got = mk(500, f);
			assert.sameValue(got, want, name + " " + mk.name);
			assert.sameValue(got.length, want.length, name + " length");
			assert(got === mk(500, f), name + " rope === rope");
			assert(Object.is(got, want), name + " Object.is");
			const m = new Map([[want, 1]]);
			assert.sameValue(m.get(got), 1, name + " Map key");
			const set = new Set([got]);
			assert(set.has(want), name + " Set");
			const o = {};
			o[got] = 2;
			assert.sameValue(o[want], 2, name + " property key");
			switch (got) {
			case want:
				break;
			default:
				throw new Error(name + " switch");
			}
			assert.sameValue(JSON.stringify(got), JSON.stringify(want), name + " JSON");
			assert.sameValue(got.split("<div>").length, want.split("<div>").length, name + " split");
			assert.sameValue(got.indexOf("499"), want.indexOf("499"), name + " indexOf");
			assert.sameValue(/4(\d)9/.exec(got)[1], /4(\d)9/.exec(want)[1], name + " RegExp");
			assert.sameValue(got.replace(/\d+/g, "#"), want.replace(/\d+/g, "#"), name + " replace");
			assert.sameValue(new String(got)[want.length - 1], want[want.length - 1], name + " String object");
			assert.sameValue([...got].length, [...want].length, name + " iterator");
			assert.sameValue(got.normalize(), want.normalize(), name + " normalize");
			assert(got < want + "a" && !(got < want), name + " compare");
		}
	}
	// A surrogate pair split between two appended pieces is one code point.
	let s = "x".repeat(300) + "\uD83D";
	s += "\uDE00";
	assert.sameValue(s.codePointAt(300), 0x1F600, "codePointAt");
	assert.sameValue([...s].length, 301, "code points");
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestConcatStringAllocationLimit(t *testing.T) {
	r := New()
	r.SetAllocationLimit(1 << 20)
	_, err := r.RunString(`
	let s = "x".repeat(1000);
	try {
		for (;;) s += s;
	} catch (e) {
		if (!(e instanceof RangeError)) throw e;
	}
	if (s.length !== 1000 * 1024) throw new Error("length " + s.length);
	let u = "ж".repeat(1000);
	try {
		for (;;) u += u;
	} catch (e) {
		if (!(e instanceof RangeError)) throw e;
	}
	if (u.length !== 1000 * 512) throw new Error("length " + u.length);
	`)
	if err != nil {
		t.Fatal(err)
	}
}

func BenchmarkStringAppendLoop(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			r := New()
			prg := MustCompile("append.js", fmt.Sprintf(`(function() {
				let s = "";
				for (let i = 0; i < %d; i++) s += i;
				return s.length;
			})()`, n), false)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := r.RunProgram(prg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
