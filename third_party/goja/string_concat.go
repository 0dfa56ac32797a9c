package goja

import (
	"hash/maphash"
	"io"
	"reflect"
	"unsafe"

	"github.com/dop251/goja/unistring"
)

// A concatenation of two non-empty strings returns a concatString instead of copying both
// into a new string when its length is at least concatStringMinLength and at most
// concatStringMaxLength. Past the maximum it is copied as before: a rope's length never
// overflows, however many times a script doubles a string (which the copy would not survive
// either, unless the runtime's allocation limit stops it first).
const (
	concatStringMinLength = 256
	concatStringMaxLength = 1<<31 - 1
)

// concatString is the result of a concatenation that is not copied when it is made (a rope,
// as V8's ConsString): it holds its two operands, its length and whether it is all ASCII,
// and is flattened into an asciiString or a unicodeString the first time its contents are
// needed, after which it delegates to the flat string and drops its operands. Appending to a
// string in a loop (s += x) thus takes time in proportion to the final length instead of to
// its square, as every += copied the whole string.
//
// The operands are asciiString, unicodeString or *concatString values (an *importedString is
// resolved when it becomes an operand). Flattening walks the tree with a stack of its own, so
// a rope built by a long loop does not recurse as deep as the loop ran.
//
// Like importedString, a concatString is resolved lazily: its first use that needs its
// contents writes to it.
type concatString struct {
	left, right String // nil once flattened
	flat        String // asciiString or unicodeString, nil until flattened
	length      int
	ascii       bool
}

// isASCIIString reports whether s is stored as an ASCII string (without flattening a rope).
func isASCIIString(s String) bool {
	switch s := s.(type) {
	case asciiString:
		return true
	case unicodeString:
		return false
	case *concatString:
		return s.ascii
	default:
		_, u := devirtualizeString(s)
		return u == nil
	}
}

// concatOperand returns s as a concatString operand: an *importedString is resolved, and a
// flattened *concatString is replaced with its flat string.
func concatOperand(s String) String {
	switch str := s.(type) {
	case *importedString:
		a, u := devirtualizeString(str)
		if u != nil {
			return u
		}
		return a
	case *concatString:
		if str.flat != nil {
			return str.flat
		}
	}
	return s
}

// newConcatString returns the concatenation of left and right, which must both be non-empty.
func newConcatString(left, right String) String {
	left, right = concatOperand(left), concatOperand(right)
	return &concatString{
		left:   left,
		right:  right,
		length: left.Length() + right.Length(),
		ascii:  isASCIIString(left) && isASCIIString(right),
	}
}

// concatLazily returns the concatenation of a and b without copying them when one is empty
// (the other one) or when its length is within the bounds above (a concatString), and nil
// otherwise: the caller copies.
func concatLazily(a, b String) String {
	la := a.Length()
	if la == 0 {
		return b
	}
	lb := b.Length()
	if lb == 0 {
		return a
	}
	if n := int64(la) + int64(lb); n >= concatStringMinLength && n <= concatStringMaxLength {
		return newConcatString(a, b)
	}
	return nil
}

// flatten returns the flat string s stands for, computing it the first time.
func (s *concatString) flatten() String {
	if s.flat != nil {
		return s.flat
	}
	// The pieces are written from the last to the first: a rope built by appending (the usual
	// case, left-deep) then keeps at most two entries on the stack.
	stack := make([]String, 0, 16)
	stack = append(stack, s.left, s.right)
	var flat String
	if s.ascii {
		buf := make([]byte, s.length)
		pos := len(buf)
		for len(stack) > 0 {
			var p String
			p, stack = popConcatPiece(stack)
			if p == nil {
				continue
			}
			a := p.(asciiString)
			pos -= len(a)
			copy(buf[pos:], a)
		}
		// buf is not written to after this: the string can share its storage.
		flat = asciiString(unsafe.String(&buf[0], len(buf)))
	} else {
		buf := make([]uint16, s.length+1)
		buf[0] = unistring.BOM
		pos := len(buf)
		for len(stack) > 0 {
			var p String
			p, stack = popConcatPiece(stack)
			if p == nil {
				continue
			}
			switch p := p.(type) {
			case asciiString:
				pos -= len(p)
				for i := 0; i < len(p); i++ {
					buf[pos+i] = uint16(p[i])
				}
			case unicodeString:
				pos -= len(p) - 1
				copy(buf[pos:], p[1:])
			default:
				panic(unknownStringTypeErr(p))
			}
		}
		flat = unicodeString(buf)
	}
	s.flat = flat
	s.left, s.right = nil, nil
	return flat
}

// popConcatPiece pops the last entry of stack. When it is a rope that is not flattened yet,
// its operands are pushed instead and nil is returned; otherwise the flat piece is returned.
func popConcatPiece(stack []String) (String, []String) {
	n := len(stack) - 1
	p := stack[n]
	stack = stack[:n]
	if c, ok := p.(*concatString); ok {
		if c.flat == nil {
			return nil, append(stack, c.left, c.right)
		}
		return c.flat, stack
	}
	return p, stack
}

func (s *concatString) ToInteger() int64 {
	return s.flatten().ToInteger()
}

func (s *concatString) toString() String {
	return s
}

func (s *concatString) string() unistring.String {
	return s.flatten().string()
}

func (s *concatString) ToString() Value {
	return s
}

func (s *concatString) String() string {
	return s.flatten().String()
}

func (s *concatString) ToFloat() float64 {
	return s.flatten().ToFloat()
}

func (s *concatString) ToNumber() Value {
	return s.flatten().ToNumber()
}

func (s *concatString) ToBoolean() bool {
	return s.length != 0
}

func (s *concatString) ToObject(r *Runtime) *Object {
	return s.flatten().ToObject(r)
}

func (s *concatString) SameAs(other Value) bool {
	return s.StrictEquals(other)
}

func (s *concatString) Equals(other Value) bool {
	return s.flatten().Equals(other)
}

func (s *concatString) StrictEquals(other Value) bool {
	if o, ok := other.(String); !ok || o.Length() != s.length {
		return false
	}
	return s.flatten().StrictEquals(other)
}

func (s *concatString) Export() interface{} {
	return s.flatten().Export()
}

func (s *concatString) ExportType() reflect.Type {
	return reflectTypeString
}

func (s *concatString) baseObject(r *Runtime) *Object {
	return s.flatten().baseObject(r)
}

func (s *concatString) hash(hasher *maphash.Hash) uint64 {
	return s.flatten().hash(hasher)
}

func (s *concatString) CharAt(idx int) uint16 {
	return s.flatten().CharAt(idx)
}

func (s *concatString) Length() int {
	return s.length
}

func (s *concatString) Concat(other String) String {
	if c := concatLazily(s, other); c != nil {
		return c
	}
	return s.flatten().Concat(other)
}

func (s *concatString) Substring(start, end int) String {
	return s.flatten().Substring(start, end)
}

func (s *concatString) CompareTo(other String) int {
	return s.flatten().CompareTo(other)
}

func (s *concatString) Reader() io.RuneReader {
	return s.flatten().Reader()
}

func (s *concatString) utf16Reader() utf16Reader {
	return s.flatten().utf16Reader()
}

func (s *concatString) utf16RuneReader() io.RuneReader {
	return s.flatten().utf16RuneReader()
}

func (s *concatString) utf16Runes() []rune {
	return s.flatten().utf16Runes()
}

func (s *concatString) index(substr String, start int) int {
	return s.flatten().index(substr, start)
}

func (s *concatString) lastIndex(substr String, pos int) int {
	return s.flatten().lastIndex(substr, pos)
}

func (s *concatString) toLower() String {
	return s.flatten().toLower()
}

func (s *concatString) toUpper() String {
	return s.flatten().toUpper()
}

func (s *concatString) toTrimmedUTF8() string {
	return s.flatten().toTrimmedUTF8()
}
