// Spec: File API, W3C Editor's Draft 2025-09 (https://w3c.github.io/FileAPI/#blob-section).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"

	"loopscope/internal/webidl"
)

// Blob is immutable bytes with a MIME type.
// FIXME(spec): arrayBuffer(), bytes(), stream() and File are not implemented.
type Blob struct {
	data []byte
	typ  string
}

// installBlob defines Blob: the constructor, size, type, slice and text.
func (r *realm) installBlob() {
	bi := r.idl.DefineInterface("Blob", nil, 0, func(call goja.ConstructorCall) *goja.Object {
		b := &Blob{}
		if parts := call.Argument(0); !goja.IsUndefined(parts) {
			b.data = r.processBlobParts(parts)
		}
		if t := dictGet(call.Argument(1), "type"); !goja.IsUndefined(t) {
			b.typ = blobType(t.String())
		}
		r.idl.SetSlot(call.This, b)
		return call.This
	})
	m := webidl.On(bi, func(call goja.FunctionCall) *Blob { return webidl.This[*Blob](r.idl, call) })
	m.Getter("size", func(b *Blob) goja.Value { return r.rt.ToValue(len(b.data)) })
	m.Getter("type", func(b *Blob) goja.Value { return r.str(b.typ) })
	m.Method("slice", 0, func(b *Blob, call goja.FunctionCall) goja.Value {
		n := int64(len(b.data))
		start, end := relativeIndex(call.Argument(0), n, 0), relativeIndex(call.Argument(1), n, n)
		s := &Blob{}
		if start < end {
			s.data = b.data[start:end]
		}
		if t := call.Argument(2); !goja.IsUndefined(t) {
			s.typ = blobType(t.String())
		}
		return r.wrapBlob(s)
	})
	// text(): "Let stream be the result of calling get stream on this ... read all bytes":
	// CHROME: the promise is resolved in a task (after the microtasks queued with it).
	m.Method("text", 0, func(b *Blob, call goja.FunctionCall) goja.Value {
		p, resolve, _ := r.rt.NewPromise()
		text := utf8Decode(b.data)
		r.host.QueueTask("dom-manipulation", func() {
			r.settleInCallback(func() error { return resolve(r.str(text)) })
		})
		return r.rt.ToValue(p)
	})
}

func (r *realm) wrapBlob(b *Blob) *goja.Object { return r.idl.NewObject(r.iface("Blob").Proto, b) }

// processBlobParts is "process blob parts": strings as UTF-8, buffer sources' bytes, Blobs'
// bytes, in order. The argument must be a sequence (an array here).
// DEPARTURE: any object with a length is read as the sequence (WebIDL iterates it).
func (r *realm) processBlobParts(v goja.Value) []byte {
	o, ok := v.(*goja.Object)
	if !ok {
		panic(r.idl.TypeError("Failed to construct 'Blob': The provided value cannot be converted to a sequence."))
	}
	var out []byte
	n := o.Get("length").ToInteger()
	for i := int64(0); i < n && i < 1<<24; i++ {
		part := o.Get(strconv.FormatInt(i, 10))
		if b, ok := r.idl.Unwrap(part).(*Blob); ok {
			out = append(out, b.data...)
			continue
		}
		if bytes, ok := bufferSourceBytes(part); ok {
			out = append(out, bytes...)
			continue
		}
		out = append(out, toDOMString(part)...)
	}
	return out
}

// bufferSourceBytes returns the bytes of an ArrayBuffer or an ArrayBuffer view.
func bufferSourceBytes(v goja.Value) ([]byte, bool) {
	if ab, ok := v.Export().(goja.ArrayBuffer); ok {
		return ab.Bytes(), true
	}
	o, ok := v.(*goja.Object)
	if !ok {
		return nil, false
	}
	buf := o.Get("buffer")
	if buf == nil {
		return nil, false
	}
	ab, ok := buf.Export().(goja.ArrayBuffer)
	if !ok {
		return nil, false
	}
	off, n := o.Get("byteOffset").ToInteger(), o.Get("byteLength").ToInteger()
	all := ab.Bytes()
	if off < 0 || n < 0 || off+n > int64(len(all)) {
		return nil, false
	}
	return all[off : off+n], true
}

// blobType: "If type contains any characters outside the range U+0020 to U+007E, then set
// t to the empty string and return from these substeps. Convert every character in t to
// ASCII lowercase."
func blobType(t string) string {
	for i := 0; i < len(t); i++ {
		if t[i] < 0x20 || t[i] > 0x7e {
			return ""
		}
	}
	return asciiLower(t)
}

// relativeIndex is slice()'s relativeStart/relativeEnd: negative counts from the end,
// clamped to [0, n]; undefined gives def.
func relativeIndex(v goja.Value, n, def int64) int64 {
	if goja.IsUndefined(v) {
		return def
	}
	i := v.ToInteger()
	if i < 0 {
		return max(n+i, 0)
	}
	return min(i, n)
}

// utf8Decode is the Encoding standard's "UTF-8 decode": a leading BOM is dropped and
// invalid bytes become U+FFFD (DEPARTURE: one per run of invalid bytes, not per maximal
// subpart).
func utf8Decode(b []byte) string {
	s := strings.TrimPrefix(string(b), "\uFEFF")
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
