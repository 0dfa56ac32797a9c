// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/images.html#updating-the-image-data).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"bytes"
	"encoding/base64"
	"errors"
	"image"
	_ "image/gif"  // GIF decoding for image.Decode
	_ "image/jpeg" // JPEG
	_ "image/png"  // PNG
	"net/url"
	"strings"

	"github.com/dop251/goja"
	_ "golang.org/x/image/bmp"  // BMP
	_ "golang.org/x/image/webp" // WebP
	"golang.org/x/net/html"
)

// ResourceLoader reads the bytes of a URL the page may load (a file in the page's folder);
// page sets it. Without one, only data: URLs load.
type ResourceLoader func(url string) ([]byte, error)

// SetResourceLoader sets how the document reads the images it loads.
func (d *Document) SetResourceLoader(f ResourceLoader) { d.loadResource = f }

// The states of an image request. https://html.spec.whatwg.org/multipage/images.html#img-req-state
const (
	imgUnavailable = iota
	imgPartiallyAvailable
	imgCompletelyAvailable
	imgBroken
)

// maxImageBytes bounds what one image request reads.
const maxImageBytes = 64 << 20

// errImageTooLarge is the error of an image over maxImageBytes.
var errImageTooLarge = errors.New("image too large")

// maxDecodedPixels bounds the images decoded for painting (16 MiB of RGBA): a larger one
// keeps its natural size and is painted blank (DEPARTURE: Chrome decodes it, in tiles).
const maxDecodedPixels = 4 << 20

// imageRequest is an image request: its state, current URL, natural size and, once
// decoded, its pixels (nil when too large to paint).
type imageRequest struct {
	state      int
	currentURL string
	w, h       int
	pixels     image.Image
}

// imageData is an img element's image requests and the decode() promises waiting on them.
type imageData struct {
	current  imageRequest
	pending  *imageRequest
	updates  uint64 // "another instance of this algorithm was started after this instance"
	decoders []imageDecode
}

// imageDecode is a decode() promise waiting for the current request.
type imageDecode struct {
	resolve, reject func(any) error
	request         uint64 // the update the promise was made under
}

// availableImage is an entry of the list of available images: its natural size and pixels.
type availableImage struct {
	w, h   int
	pixels image.Image
}

func (n *Node) imageData() *imageData {
	js := n.jsData()
	if js.image == nil {
		js.image = &imageData{}
	}
	return js.image
}

// isHTMLImage reports whether n is an HTML img element.
func (n *Node) isHTMLImage() bool {
	return n.kind == ElementNode && n.h.Namespace == "" && n.h.Data == "img"
}

// updateTheImageData is "update the image data" (run for the relevant mutations: the src
// attribute set, changed or removed, and an img the parser inserts with one).
// FIXME(spec): srcset, sizes, picture and crossorigin are not implemented; "restart
// animation" and "maybe omit events" are not either.
func (n *Node) updateTheImageData() {
	r := n.doc.realm
	if r == nil {
		return
	}
	img := n.imageData()
	img.updates++
	update := img.updates
	// 3. Let previous URL be the current request's current URL.
	// 4-5. The selected source: the src attribute, when it is not the empty string.
	src, hasSrc := n.GetAttribute("src")
	// 7. If selected source is not null and the list of available images has its URL:
	if hasSrc && src != "" {
		urlString := n.doc.resolveURL(src)
		if avail, ok := n.doc.availableImages[urlString]; ok {
			// 7.4.2-7.4.6. The current request is completely available with its data.
			img.pending = nil
			img.current = imageRequest{state: imgCompletelyAvailable, w: avail.w, h: avail.h, pixels: avail.pixels}
			n.currentImageChanged()
			// 7.4.7. Queue an element task: set the current URL, fire load.
			r.host.QueueTask("dom-manipulation", func() {
				if img.updates != update {
					return // CHROME: a later update cancels this load event
				}
				img.current.currentURL = urlString
				n.fireSimple("load", EventInit{})
				n.settleImageDecodes(update)
			})
			return
		}
	}
	// 8. Queue a microtask to perform the rest of this algorithm.
	r.host.QueueMicrotask(func() { n.updateTheImageDataMicrotask(update, src, hasSrc) })
}

// updateTheImageDataMicrotask is steps 9 and on of update the image data.
func (n *Node) updateTheImageDataMicrotask(update uint64, src string, hasSrc bool) {
	r, img := n.doc.realm, n.imageData()
	// 9. If another instance of this algorithm was started after this one, return.
	if img.updates != update {
		return
	}
	// 10-11. If selected source is null: the current request is broken; an error event
	// (in a task) if the element has a src attribute.
	if !hasSrc || src == "" {
		img.current = imageRequest{state: imgBroken}
		img.pending = nil
		n.currentImageChanged()
		r.host.QueueTask("dom-manipulation", func() {
			img.current.currentURL = ""
			if _, ok := n.GetAttribute("src"); ok {
				n.fireSimple("error", EventInit{})
			}
			n.settleImageDecodes(update)
		})
		return
	}
	// 12. Let urlString be the result of encoding-parsing-and-serializing selected source.
	urlString := n.doc.resolveURL(src)
	// 14. If the pending request has the same URL, return.
	if img.pending != nil && img.pending.currentURL == urlString {
		return
	}
	// 16-18. A new image request: the current one if the current is unavailable or
	// broken, otherwise the pending one.
	req := &imageRequest{currentURL: urlString}
	if img.current.state == imgUnavailable || img.current.state == imgBroken {
		img.current = *req
		req = &img.current
		n.currentImageChanged()
	} else {
		img.pending = req
	}
	// 19-23. Fetch the image and decode it.
	// DEPARTURE: a file is read and decoded here, on the page's thread (it is on local disk).
	w, h, pixels, err := n.doc.fetchImage(urlString)
	if strings.HasPrefix(urlString, "data:") {
		// CHROME: a data: URL's request is complete (or broken) once this microtask ends
		// (img.complete reads true before the load task runs), as img_load_events shows.
		n.settleImageRequest(req, w, h, pixels, err)
	}
	// "Queue an element task on the DOM manipulation task source given the img element":
	// upgrade the pending request, set the state, fire load or error.
	r.host.QueueTask("dom-manipulation", func() {
		if img.updates != update {
			return // a later update aborted this request
		}
		n.settleImageRequest(req, w, h, pixels, err)
		if req == img.pending {
			img.current, img.pending = *req, nil
			n.currentImageChanged()
		}
		if err != nil {
			n.fireSimple("error", EventInit{})
		} else {
			// "Add the image to the list of available images using the key key."
			n.doc.availableImages[urlString] = availableImage{w, h, pixels}
			n.fireSimple("load", EventInit{})
		}
		n.settleImageDecodes(update)
	})
}

// settleImageRequest sets req completely available with its natural size and pixels, or
// broken.
func (n *Node) settleImageRequest(req *imageRequest, w, h int, pixels image.Image, err error) {
	if err != nil {
		req.state, req.w, req.h, req.pixels = imgBroken, 0, 0, nil
	} else {
		req.state, req.w, req.h, req.pixels = imgCompletelyAvailable, w, h, pixels
	}
	if req == &n.imageData().current {
		n.currentImageChanged()
	}
}

// currentImageChanged tells the renderer that the current request changed (its state, size
// or pixels): the img is laid out and painted again.
func (n *Node) currentImageChanged() {
	if n.isHTMLImage() {
		n.doc.changedNode(ChangeState, n.h, "image")
	}
}

// Image tells the renderer about img element h: its current request's natural size and
// pixels (nil when not decoded), and whether the request is broken (render.Images).
func (d *Document) Image(h *html.Node) (pixels image.Image, w, hgt int, broken, ok bool) {
	n := d.NodeFor(h)
	if n == nil || !n.isHTMLImage() || n.jsData().image == nil {
		return nil, 0, 0, false, n != nil && n.isHTMLImage()
	}
	cur := &n.imageData().current
	switch cur.state {
	case imgCompletelyAvailable, imgPartiallyAvailable:
		return cur.pixels, cur.w, cur.h, false, true
	case imgBroken:
		return nil, 0, 0, true, true
	}
	return nil, 0, 0, false, true
}

// fetchImage reads the image at urlString (a data: URL, or through the resource loader)
// and decodes it: its header always, its pixels when they fit maxDecodedPixels.
func (d *Document) fetchImage(urlString string) (w, h int, pixels image.Image, err error) {
	var b []byte
	if strings.HasPrefix(urlString, "data:") {
		b, err = decodeDataURL(urlString)
	} else if d.loadResource != nil {
		b, err = d.loadResource(urlString)
	} else {
		err = errors.New("no resource loader")
	}
	if err != nil {
		return 0, 0, nil, err
	}
	return decodeImage(b)
}

// decodeImage decodes an image's header and, when it fits maxDecodedPixels, its pixels (a
// header over a body that does not decode is an error, as a bad header is).
func decodeImage(b []byte) (w, h int, pixels image.Image, err error) {
	if len(b) > maxImageBytes {
		return 0, 0, nil, errImageTooLarge
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return 0, 0, nil, err
	}
	if cfg.Width > 0 && cfg.Height > 0 && cfg.Width <= maxDecodedPixels/cfg.Height {
		if pixels, _, err = image.Decode(bytes.NewReader(b)); err != nil {
			return 0, 0, nil, err
		}
	}
	return cfg.Width, cfg.Height, pixels, nil
}

// decodeDataURL returns the body of a data: URL (Fetch's "data: URL processor", enough
// for images: base64 or percent-encoded bodies).
// https://fetch.spec.whatwg.org/#data-url-processor
func decodeDataURL(s string) ([]byte, error) {
	rest := strings.TrimPrefix(s, "data:")
	comma := strings.IndexByte(rest, ',')
	if comma < 0 {
		return nil, errors.New("data: URL without a comma")
	}
	meta, body := rest[:comma], rest[comma+1:]
	if len(body) > 2*maxImageBytes {
		return nil, errors.New("data: URL too large")
	}
	decoded, err := url.PathUnescape(body)
	if err != nil {
		decoded = body
	}
	if m := strings.TrimRight(meta, " "); len(m) >= 7 && strings.EqualFold(m[len(m)-7:], ";base64") {
		clean := strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' {
				return -1
			}
			return r
		}, decoded)
		return base64.RawStdEncoding.DecodeString(strings.TrimRight(clean, "="))
	}
	return []byte(decoded), nil
}

// complete is the complete getter. https://html.spec.whatwg.org/multipage/embedded-content.html#dom-img-complete
func (n *Node) imageComplete() bool {
	src, ok := n.GetAttribute("src")
	if !ok || src == "" {
		return true // no src, or src is the empty string (srcset is not implemented)
	}
	img := n.imageData()
	s := img.current.state
	return img.pending == nil && (s == imgCompletelyAvailable || s == imgBroken)
}

// naturalSize is naturalWidth and naturalHeight: the current request's size, 0 unless it
// is available.
func (n *Node) naturalSize() (int, int) {
	img := n.imageData()
	if img.current.state != imgCompletelyAvailable && img.current.state != imgPartiallyAvailable {
		return 0, 0
	}
	return img.current.w, img.current.h
}

// decode is the decode() method. https://html.spec.whatwg.org/multipage/embedded-content.html#dom-img-decode
func (r *realm) imageDecode(n *Node) goja.Value {
	// 1. Let promise be a new promise.
	p, resolve, reject := r.rt.NewPromise()
	img := n.imageData()
	// 2. Queue a microtask to perform the following steps:
	r.host.QueueMicrotask(func() {
		// 2.1. If the current request's state is broken, reject with an "EncodingError".
		if img.current.state == imgBroken && img.pending == nil {
			_ = reject(r.newDOMException("EncodingError", "The source image cannot be decoded."))
			return
		}
		// 2.2. Otherwise wait for the current request: completely available (resolve),
		// broken or changed (reject). Already available: resolved in a task (the decode).
		d := imageDecode{resolve: resolve, reject: reject, request: img.updates}
		if img.current.state == imgCompletelyAvailable && img.pending == nil {
			r.host.QueueTask("dom-manipulation", func() { _ = resolve(goja.Undefined()) })
			return
		}
		img.decoders = append(img.decoders, d)
	})
	return r.rt.ToValue(p)
}

// settleImageDecodes resolves or rejects the decode() promises once update's request is
// complete: resolved if it is available, rejected if broken or if a later update replaced it.
func (n *Node) settleImageDecodes(update uint64) {
	img := n.imageData()
	if len(img.decoders) == 0 {
		return
	}
	r := n.doc.realm
	waiting := img.decoders
	img.decoders = nil
	for _, d := range waiting {
		switch {
		case d.request != update || img.current.state == imgBroken:
			_ = d.reject(r.newDOMException("EncodingError", "The source image cannot be decoded."))
		default:
			_ = d.resolve(goja.Undefined())
		}
	}
}
