// Spec: HTML Living Standard, 2026-11-01
// (https://html.spec.whatwg.org/multipage/webappapis.html#atob): atob() and btoa(), with
// Infra's forgiving-base64 decode (https://infra.spec.whatwg.org/#forgiving-base64-decode).

package dom

import (
	"encoding/base64"
	"strings"

	"github.com/dop251/goja"
)

// installBase64 defines atob() and btoa() on the global object (WindowOrWorkerGlobalScope).
func (r *realm) installBase64() {
	global, scope := r.rt.GlobalObject(), r.globalInterfaceName()
	r.idl.DefineOperation(global, "btoa", 1, func(call goja.FunctionCall) goja.Value {
		r.idl.RequireArgs(call, 1, "btoa", scope)
		// "Throw an InvalidCharacterError if data contains any code point greater than U+00FF."
		s := toDOMString(call.Argument(0))
		b := make([]byte, 0, len(s))
		for _, c := range s {
			if c > 0xff {
				panic(r.newDOMException("InvalidCharacterError", "Failed to execute 'btoa' on '"+scope+"': The string to be encoded contains characters outside of the Latin1 range."))
			}
			b = append(b, byte(c))
		}
		return r.str(base64.StdEncoding.EncodeToString(b))
	})
	r.idl.DefineOperation(global, "atob", 1, func(call goja.FunctionCall) goja.Value {
		r.idl.RequireArgs(call, 1, "atob", scope)
		b, ok := forgivingBase64Decode(toDOMString(call.Argument(0)))
		if !ok {
			panic(r.newDOMException("InvalidCharacterError", "Failed to execute 'atob' on '"+scope+"': The string to be decoded is not correctly encoded."))
		}
		out := make([]rune, len(b)) // each byte one code unit: a binary string
		for i, c := range b {
			out[i] = rune(c)
		}
		return r.str(string(out))
	})
}

// forgivingBase64Decode is Infra's forgiving-base64 decode.
func forgivingBase64Decode(s string) ([]byte, bool) {
	// 1. Remove all ASCII whitespace from data.
	s = strings.Map(func(c rune) rune {
		if c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ' {
			return -1
		}
		return c
	}, s)
	// 2. If data's code point length divides by 4 leaving no remainder, then: if data ends
	// with one or two U+003D (=) code points, then remove them from data.
	if len(s)%4 == 0 {
		switch {
		case strings.HasSuffix(s, "=="):
			s = s[:len(s)-2]
		case strings.HasSuffix(s, "="):
			s = s[:len(s)-1]
		}
	}
	// 3. If data's code point length divides by 4 leaving a remainder of 1, return failure.
	if len(s)%4 == 1 {
		return nil, false
	}
	// 4. If data contains a code point that is not one of U+002B (+), U+002F (/), ASCII
	// alphanumeric, return failure.
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '+' || c == '/' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return nil, false
		}
	}
	// 5-9. Decode six bits a code point, discarding the bits left over (Go's decoder does
	// too, unless Strict).
	b, err := base64.RawStdEncoding.DecodeString(s)
	return b, err == nil
}

// globalInterfaceName is the global object's interface as Chrome's messages name it.
func (r *realm) globalInterfaceName() string {
	if r.worker != nil {
		return "WorkerGlobalScope"
	}
	return "Window"
}
