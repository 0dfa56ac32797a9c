// Spec: HTML Living Standard, 2026-11-01
// (https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#images-2):
// ImageBitmap and createImageBitmap().
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"image"
	"math"
	"strconv"

	"github.com/dop251/goja"

	"loopscope/internal/webidl"
)

// ImageBitmap is a bitmap image: its size, until close() detaches it.
// DEPARTURE: nothing draws a bitmap (the engine has no canvas), so only its size is kept.
// FIXME(spec): ImageBitmap is neither serializable nor transferable yet (postMessage).
type ImageBitmap struct {
	w, h     int
	detached bool
}

// installImageBitmap defines ImageBitmap (no constructor) and createImageBitmap()
// (WindowOrWorkerGlobalScope).
func (r *realm) installImageBitmap() {
	bi := r.idl.DefineInterface("ImageBitmap", nil, 0, nil)
	m := webidl.On(bi, func(call goja.FunctionCall) *ImageBitmap { return webidl.This[*ImageBitmap](r.idl, call) })
	// "The width getter steps are: if this's [[Detached]] internal slot's value is true,
	// then return 0; return this's width, in CSS pixels."
	m.Getter("width", func(b *ImageBitmap) goja.Value {
		if b.detached {
			return r.rt.ToValue(0)
		}
		return r.rt.ToValue(b.w)
	})
	m.Getter("height", func(b *ImageBitmap) goja.Value {
		if b.detached {
			return r.rt.ToValue(0)
		}
		return r.rt.ToValue(b.h)
	})
	// close(): "Set this's [[Detached]] internal slot value to true. Unset this's bitmap data."
	m.Method("close", 0, func(b *ImageBitmap, _ goja.FunctionCall) goja.Value {
		b.detached = true
		return goja.Undefined()
	})
	r.idl.DefineOperation(r.rt.GlobalObject(), "createImageBitmap", 1, func(call goja.FunctionCall) goja.Value {
		return r.createImageBitmap(call)
	})
}

// createImageBitmap is the createImageBitmap(image, options) and createImageBitmap(image,
// sx, sy, sw, sh, options) method steps, for img elements, Blobs and ImageBitmaps (the
// engine has no canvas, video, SVG image or ImageData). An exception of its steps rejects
// the promise it returns (WebIDL: an operation returning a promise).
// https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#dom-createimagebitmap
func (r *realm) createImageBitmap(call goja.FunctionCall) goja.Value {
	failed := "Failed to execute 'createImageBitmap' on '" + r.globalInterfaceName() + "': "
	p, resolve, reject := r.rt.NewPromise()
	rejectNow := func(err goja.Value) goja.Value {
		_ = reject(err)
		return r.rt.ToValue(p)
	}
	if len(call.Arguments) < 1 {
		return rejectNow(r.idl.TypeError(failed + "1 argument required, but only 0 present."))
	}
	src := r.idl.Unwrap(call.Argument(0))
	n, isImg := src.(*Node)
	isImg = isImg && n.isHTMLImage()
	blob, isBlob := src.(*Blob)
	bitmap, isBitmap := src.(*ImageBitmap)
	if !isImg && !isBlob && !isBitmap {
		return rejectNow(r.idl.TypeError(failed + "The provided value is not of type '(Blob or HTMLCanvasElement or HTMLImageElement or HTMLVideoElement or ImageBitmap or ImageData or OffscreenCanvas or SVGImageElement or VideoFrame)'."))
	}
	// The crop rectangle, when sx, sy, sw and sh are given.
	crop, hasCrop := image.Rectangle{}, len(call.Arguments) >= 5
	if len(call.Arguments) >= 2 && len(call.Arguments) < 5 && !goja.IsUndefined(call.Argument(1)) {
		if _, isDict := call.Argument(1).(*goja.Object); !isDict {
			return rejectNow(r.idl.TypeError(failed + "5 arguments required, but only " + strconv.Itoa(len(call.Arguments)) + " present."))
		}
	}
	if hasCrop {
		var v [4]int
		for i := range v {
			f := call.Argument(1 + i).ToFloat()
			if math.IsNaN(f) || math.IsInf(f, 0) {
				f = 0
			}
			v[i] = int(math.Max(math.Min(f, 1<<30), -(1 << 30))) // WebIDL long, clamped here
		}
		// 1. If either sw or sh is given and is 0, then return a promise rejected with a RangeError.
		if v[2] == 0 {
			return rejectNow(r.newRangeError(failed + "The crop rect width is 0."))
		}
		if v[3] == 0 {
			return rejectNow(r.newRangeError(failed + "The crop rect height is 0."))
		}
		// A negative width or height extends the rectangle the other way.
		if v[2] < 0 {
			v[0], v[2] = v[0]+v[2], -v[2]
		}
		if v[3] < 0 {
			v[1], v[3] = v[1]+v[3], -v[3]
		}
		crop = image.Rect(v[0], v[1], v[0]+v[2], v[1]+v[3])
	}
	// 2. FIXME(spec): options (resizeWidth, resizeHeight, imageOrientation, premultiplyAlpha,
	// colorSpaceConversion, resizeQuality) are not read.
	size := func(w, h int) *ImageBitmap {
		if hasCrop {
			return &ImageBitmap{w: crop.Dx(), h: crop.Dy()}
		}
		return &ImageBitmap{w: w, h: h}
	}
	notUsable := func() goja.Value {
		return rejectNow(r.newDOMException("InvalidStateError", failed+"The image source is not usable."))
	}
	switch {
	case isImg:
		// 3. Check the usability of the image argument: an img that is not fully
		// decodable is bad: an InvalidStateError.
		cur := n.imageData().current
		if cur.state != imgCompletelyAvailable || cur.w == 0 || cur.h == 0 {
			return notUsable()
		}
		// 6. "Queue a global task on the bitmap task source to resolve promise".
		// CHROME: resolved at once from an img already decoded (a chain of awaits on it
		// runs before a 0 ms timeout set before it: testdata/dom/create_image_bitmap).
		_ = resolve(r.wrapImageBitmap(size(cur.w, cur.h)))
	case isBitmap:
		if bitmap.detached {
			return notUsable()
		}
		_ = resolve(r.wrapImageBitmap(size(bitmap.w, bitmap.h))) // CHROME: at once, as an img
	case isBlob:
		// "Run these steps in parallel: read image's data; if it is not in a supported
		// format or cannot be decoded, queue a task to reject with an InvalidStateError;
		// otherwise queue a task to resolve with a new ImageBitmap of its size."
		// DEPARTURE: decoded here, before the task is queued.
		w, h, _, err := decodeImage(blob.data)
		r.host.QueueTask("dom-manipulation", func() {
			var settle func() error
			if err != nil {
				settle = func() error {
					return reject(r.newDOMException("InvalidStateError", "The source image could not be decoded."))
				}
			} else {
				settle = func() error { return resolve(r.wrapImageBitmap(size(w, h))) }
			}
			r.settleInCallback(settle)
		})
	}
	return r.rt.ToValue(p)
}

// settleInCallback resolves or rejects a promise from a task, as a callback: the
// microtask checkpoint follows.
func (r *realm) settleInCallback(settle func() error) {
	fn, _ := goja.AssertFunction(r.rt.ToValue(func(goja.FunctionCall) goja.Value {
		_ = settle()
		return goja.Undefined()
	}))
	if _, err := r.host.Call(fn, goja.Undefined()); err != nil {
		r.reportException(err)
	}
}

func (r *realm) wrapImageBitmap(b *ImageBitmap) *goja.Object {
	return r.idl.NewObject(r.iface("ImageBitmap").Proto, b)
}
