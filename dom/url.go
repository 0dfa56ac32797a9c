// Spec: URL Living Standard, 2025-09 (https://url.spec.whatwg.org/#url-class) and File API,
// W3C Editor's Draft 2025-09 (https://w3c.github.io/FileAPI/#url-model).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"crypto/rand"
	"fmt"
	"net/url"
	"sync"

	"github.com/dop251/goja"

	"loopscope/internal/webidl"
)

// BlobURLStore is the blob URL store: blob: URLs and the Blobs they name, shared by a page's
// realms (its window's and its workers', each on its own goroutine: hence the lock).
type BlobURLStore struct {
	mu sync.Mutex
	m  map[string]*Blob
}

// NewBlobURLStore returns an empty store.
func NewBlobURLStore() *BlobURLStore { return &BlobURLStore{m: map[string]*Blob{}} }

// Resolve returns the bytes and the type of the Blob a blob: URL names.
func (s *BlobURLStore) Resolve(u string) (data []byte, typ string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.m[u]
	if !ok {
		return nil, "", false
	}
	return b.data, b.typ, true
}

// add is "add an entry to the blob URL store": blob:<origin>/<a fresh UUID>.
func (s *BlobURLStore) add(origin string, b *Blob) string {
	var id [16]byte
	_, _ = rand.Read(id[:])
	id[6], id[8] = id[6]&0x0f|0x40, id[8]&0x3f|0x80
	u := fmt.Sprintf("blob:%s/%x-%x-%x-%x-%x", origin, id[0:4], id[4:6], id[6:8], id[8:10], id[10:16])
	s.mu.Lock()
	s.m[u] = b
	s.mu.Unlock()
	return u
}

func (s *BlobURLStore) remove(u string) {
	s.mu.Lock()
	delete(s.m, u)
	s.mu.Unlock()
}

// urlObject is a URL object: a parsed URL.
type urlObject struct{ u *url.URL }

// installURL defines URL: the constructor, its string parts, and the static
// createObjectURL and revokeObjectURL.
// FIXME(spec): Go's URL parser, not the URL standard's; searchParams and the setters are not there.
func (r *realm) installURL() {
	if r.opts.BlobURLs == nil {
		r.opts.BlobURLs = NewBlobURLStore()
	}
	ui := r.idl.DefineInterface("URL", nil, 1, func(call goja.ConstructorCall) *goja.Object {
		const ctx = "Failed to construct 'URL': "
		if len(call.Arguments) < 1 {
			panic(r.idl.TypeError(ctx + "1 argument required, but only 0 present."))
		}
		spec := toDOMString(call.Argument(0))
		var u *url.URL
		var err error
		if base := call.Argument(1); !goja.IsUndefined(base) {
			var b *url.URL
			if b, err = url.Parse(toDOMString(base)); err == nil && b.Scheme != "" {
				u, err = b.Parse(spec)
			} else {
				err = fmt.Errorf("bad base")
			}
		} else if u, err = url.Parse(spec); err == nil && u.Scheme == "" {
			err = fmt.Errorf("relative")
		}
		if err != nil {
			panic(r.idl.TypeError(ctx + "Invalid URL"))
		}
		r.idl.SetSlot(call.This, &urlObject{u})
		return call.This
	})
	m := webidl.On(ui, func(call goja.FunctionCall) *urlObject { return webidl.This[*urlObject](r.idl, call) })
	for _, p := range []struct {
		name string
		f    func(u *url.URL) string
	}{
		{"href", (*url.URL).String},
		{"origin", urlOrigin},
		{"protocol", func(u *url.URL) string { return u.Scheme + ":" }},
		{"host", func(u *url.URL) string { return u.Host }},
		{"hostname", (*url.URL).Hostname},
		{"port", (*url.URL).Port},
		{"pathname", func(u *url.URL) string {
			if u.Opaque != "" {
				return u.Opaque
			}
			return u.EscapedPath()
		}},
		{"search", func(u *url.URL) string {
			if u.RawQuery == "" {
				return ""
			}
			return "?" + u.RawQuery
		}},
		{"hash", func(u *url.URL) string {
			if f := u.EscapedFragment(); f != "" {
				return "#" + f
			}
			return ""
		}},
	} {
		f := p.f
		m.Getter(p.name, func(o *urlObject) goja.Value { return r.str(f(o.u)) })
	}
	m.Method("toString", 0, func(o *urlObject, _ goja.FunctionCall) goja.Value { return r.str(o.u.String()) })
	m.Method("toJSON", 0, func(o *urlObject, _ goja.FunctionCall) goja.Value { return r.str(o.u.String()) })
	// createObjectURL(obj): "Return the result of adding an entry to the blob URL store for obj."
	ui.StaticOperation("createObjectURL", 1, func(call goja.FunctionCall) goja.Value {
		r.idl.RequireArgs(call, 1, "createObjectURL", "URL")
		b, ok := r.idl.Unwrap(call.Argument(0)).(*Blob)
		if !ok {
			panic(r.idl.TypeError("Failed to execute 'createObjectURL' on 'URL': Overload resolution failed."))
		}
		return r.str(r.opts.BlobURLs.add(r.originForBlobs(), b))
	})
	ui.StaticOperation("revokeObjectURL", 1, func(call goja.FunctionCall) goja.Value {
		r.idl.RequireArgs(call, 1, "revokeObjectURL", "URL")
		r.opts.BlobURLs.remove(toDOMString(call.Argument(0)))
		return goja.Undefined()
	})
}

// originForBlobs is the serialization of the realm's origin a blob URL carries. CHROME:
// "file://" for a file: page (blob:file:///…, testdata/workers/worker_blob_and_data), as
// its location.origin says.
func (r *realm) originForBlobs() string { return urlOrigin(r.baseURL()) }
