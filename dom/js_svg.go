// Spec: SVG 2, Candidate Recommendation 2018-10 (https://www.w3.org/TR/SVG2/), the element
// interfaces of §4.4 (SVGElement, SVGGraphicsElement, SVGGeometryElement), §5 (structure),
// §9-§11 (shapes, paths, text), §13-§16 (painting, gradients, clipping, links), the filter
// elements of Filter Effects 1, and SVG Animations' elements; the interfaces Chromium 156
// gives each element name (testdata/dom/svg_interfaces).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"github.com/dop251/goja"

	"loopscope/internal/webidl"
)

// svgElementInterfaces is the interface of each SVG element name that has one of its own,
// and the interface it inherits from (SVGElement, SVGGraphicsElement, ...). An element name
// not listed (an unknown name, or a known one in another case: "RECT") is an SVGElement,
// as in Chromium. Parents come before their children.
var svgElementInterfaces = [...]struct{ name, iface, parent string }{
	{"", "SVGGeometryElement", "SVGGraphicsElement"},
	{"", "SVGTextContentElement", "SVGGraphicsElement"},
	{"", "SVGTextPositioningElement", "SVGTextContentElement"},
	{"", "SVGGradientElement", "SVGElement"},
	{"", "SVGAnimationElement", "SVGElement"},
	{"svg", "SVGSVGElement", "SVGGraphicsElement"},
	{"g", "SVGGElement", "SVGGraphicsElement"},
	{"defs", "SVGDefsElement", "SVGGraphicsElement"},
	{"use", "SVGUseElement", "SVGGraphicsElement"},
	{"image", "SVGImageElement", "SVGGraphicsElement"},
	{"switch", "SVGSwitchElement", "SVGGraphicsElement"},
	{"foreignObject", "SVGForeignObjectElement", "SVGGraphicsElement"},
	{"a", "SVGAElement", "SVGGraphicsElement"},
	{"symbol", "SVGSymbolElement", "SVGGraphicsElement"},
	{"rect", "SVGRectElement", "SVGGeometryElement"},
	{"circle", "SVGCircleElement", "SVGGeometryElement"},
	{"ellipse", "SVGEllipseElement", "SVGGeometryElement"},
	{"line", "SVGLineElement", "SVGGeometryElement"},
	{"path", "SVGPathElement", "SVGGeometryElement"},
	{"polyline", "SVGPolylineElement", "SVGGeometryElement"},
	{"polygon", "SVGPolygonElement", "SVGGeometryElement"},
	{"text", "SVGTextElement", "SVGTextPositioningElement"},
	{"tspan", "SVGTSpanElement", "SVGTextPositioningElement"},
	{"textPath", "SVGTextPathElement", "SVGTextContentElement"},
	{"title", "SVGTitleElement", "SVGElement"},
	{"desc", "SVGDescElement", "SVGElement"},
	{"metadata", "SVGMetadataElement", "SVGElement"},
	{"style", "SVGStyleElement", "SVGElement"},
	{"script", "SVGScriptElement", "SVGElement"},
	{"stop", "SVGStopElement", "SVGElement"},
	{"linearGradient", "SVGLinearGradientElement", "SVGGradientElement"},
	{"radialGradient", "SVGRadialGradientElement", "SVGGradientElement"},
	{"clipPath", "SVGClipPathElement", "SVGElement"},
	{"mask", "SVGMaskElement", "SVGElement"},
	{"pattern", "SVGPatternElement", "SVGElement"},
	{"marker", "SVGMarkerElement", "SVGElement"},
	{"filter", "SVGFilterElement", "SVGElement"},
	{"view", "SVGViewElement", "SVGElement"},
	{"animate", "SVGAnimateElement", "SVGAnimationElement"},
	{"set", "SVGSetElement", "SVGAnimationElement"},
	{"animateMotion", "SVGAnimateMotionElement", "SVGAnimationElement"},
	{"animateTransform", "SVGAnimateTransformElement", "SVGAnimationElement"},
	{"mpath", "SVGMPathElement", "SVGElement"},
	// Filter Effects 1's filter primitives. https://drafts.fxtf.org/filter-effects/#FilterPrimitivesOverview
	{"feBlend", "SVGFEBlendElement", "SVGElement"},
	{"feColorMatrix", "SVGFEColorMatrixElement", "SVGElement"},
	{"feComponentTransfer", "SVGFEComponentTransferElement", "SVGElement"},
	{"feComposite", "SVGFECompositeElement", "SVGElement"},
	{"feConvolveMatrix", "SVGFEConvolveMatrixElement", "SVGElement"},
	{"feDiffuseLighting", "SVGFEDiffuseLightingElement", "SVGElement"},
	{"feDisplacementMap", "SVGFEDisplacementMapElement", "SVGElement"},
	{"feDistantLight", "SVGFEDistantLightElement", "SVGElement"},
	{"feDropShadow", "SVGFEDropShadowElement", "SVGElement"},
	{"feFlood", "SVGFEFloodElement", "SVGElement"},
	{"feFuncA", "SVGFEFuncAElement", "SVGElement"},
	{"feFuncB", "SVGFEFuncBElement", "SVGElement"},
	{"feFuncG", "SVGFEFuncGElement", "SVGElement"},
	{"feFuncR", "SVGFEFuncRElement", "SVGElement"},
	{"feGaussianBlur", "SVGFEGaussianBlurElement", "SVGElement"},
	{"feImage", "SVGFEImageElement", "SVGElement"},
	{"feMerge", "SVGFEMergeElement", "SVGElement"},
	{"feMergeNode", "SVGFEMergeNodeElement", "SVGElement"},
	{"feMorphology", "SVGFEMorphologyElement", "SVGElement"},
	{"feOffset", "SVGFEOffsetElement", "SVGElement"},
	{"fePointLight", "SVGFEPointLightElement", "SVGElement"},
	{"feSpecularLighting", "SVGFESpecularLightingElement", "SVGElement"},
	{"feSpotLight", "SVGFESpotLightElement", "SVGElement"},
	{"feTile", "SVGFETileElement", "SVGElement"},
	{"feTurbulence", "SVGFETurbulenceElement", "SVGElement"},
}

// svgRect is an SVGRect: a getBBox() result, four floats a script may change (the element
// is not changed). https://www.w3.org/TR/SVG11/types.html#InterfaceSVGRect
// CHROME: Chromium 156 still returns an SVGRect (a DOMRect in SVG 2).
type svgRect struct{ v [4]float32 } // x, y, width, height

// svgPoint is an SVGPoint: a getPointAtLength() result, x and y.
// https://www.w3.org/TR/SVG11/coords.html#InterfaceSVGPoint
// FIXME(spec): matrixTransform (no SVGMatrix here).
type svgPoint struct{ v [2]float32 }

// installSVGElements defines the SVG element interfaces under SVGElement (svg), with
// SVGElement's ownerSVGElement and viewportElement, SVGGraphicsElement's getBBox and the
// SVGRect it returns, SVGGeometryElement's getTotalLength and getPointAtLength and the
// SVGPoint it returns.
// FIXME(spec): the animated attributes other than lengths (SVGAnimatedNumber, ...),
// transforms (getCTM, getScreenCTM, transform), SVGGeometryElement's pathLength and
// isPointInFill, SVGSVGElement's own members and text's measuring methods are missing.
func (r *realm) installSVGElements(svg *webidl.Interface) {
	r.idl.DefineInterface("SVGGraphicsElement", svg, 0, nil)
	r.svgClasses = make(map[string]*webidl.Interface, len(svgElementInterfaces))
	for _, e := range svgElementInterfaces {
		c := r.idl.DefineInterface(e.iface, r.iface(e.parent), 0, nil)
		if e.name != "" {
			r.svgClasses[e.name] = c
		}
	}
	m := webidl.On(svg, r.thisElement)
	// https://www.w3.org/TR/SVG2/types.html#__svg__SVGElement__ownerSVGElement: the nearest
	// ancestor svg element, null for the outermost one.
	m.Getter("ownerSVGElement", func(n *Node) goja.Value { return r.wrapNodeOrNull(svgViewportElement(n)) })
	// https://www.w3.org/TR/SVG2/types.html#__svg__SVGElement__viewportElement
	// FIXME(spec): symbol and an image's SVG document also establish viewports.
	m.Getter("viewportElement", func(n *Node) goja.Value { return r.wrapNodeOrNull(svgViewportElement(n)) })

	rect := r.idl.DefineInterface("SVGRect", nil, 0, nil)
	r.svgFloats(rect, "SVGRect", func(call goja.FunctionCall) []float32 {
		return webidl.This[*svgRect](r.idl, call).v[:]
	},
		"x", "y", "width", "height")
	point := r.idl.DefineInterface("SVGPoint", nil, 0, nil)
	r.svgFloats(point, "SVGPoint", func(call goja.FunctionCall) []float32 {
		return webidl.This[*svgPoint](r.idl, call).v[:]
	},
		"x", "y")

	g := webidl.On(r.iface("SVGGraphicsElement"), r.thisElement)
	// https://www.w3.org/TR/SVG2/types.html#__svg__SVGGraphicsElement__getBBox: the element's
	// object bounding box in its user space (svgbbox.go).
	// CHROME: an element that is not rendered (not in a document) gives an empty box; the
	// outermost svg element gives its children's box, as a nested one does.
	// FIXME(spec): the options dictionary (fill, stroke, markers, clipped) is not read.
	g.Method("getBBox", 0, func(n *Node, _ goja.FunctionCall) goja.Value {
		var b svgBBox
		if n.IsConnected() {
			if bb, ok := svgBoundingBox(n); ok {
				b = bb
			} else if n.h.Data == "svg" {
				b = svgChildrenBox(n)
			}
		}
		return r.idl.NewObject(rect.Proto, &svgRect{[4]float32{float32(b.x), float32(b.y), float32(b.w), float32(b.h)}})
	})

	geo := webidl.On(r.iface("SVGGeometryElement"), r.thisElement)
	// https://www.w3.org/TR/SVG2/types.html#__svg__SVGGeometryElement__getTotalLength: the
	// length of the element's outline (svgpath.go).
	// CHROME: an element not in the window's document throws; one that display: none hides
	// still measures.
	// FIXME(spec): pathLength does not scale the distances.
	geo.Method("getTotalLength", 0, func(n *Node, _ goja.FunctionCall) goja.Value {
		if !r.inWindowDocument(n) {
			panic(r.newDOMException("InvalidStateError", "Failed to execute 'getTotalLength' on 'SVGGeometryElement': This element is non-rendered element."))
		}
		segs, _ := svgOutline(n)
		total, _, _ := pathLengthAndPoint(segs, 0)
		return r.rt.ToValue(float64(float32(total)))
	})
	geo.Method("getPointAtLength", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		const ctx = "Failed to execute 'getPointAtLength' on 'SVGGeometryElement': "
		if len(call.Arguments) < 1 {
			panic(r.idl.TypeError(ctx + "1 argument required, but only 0 present."))
		}
		d := r.toFloat(call.Argument(0), ctx)
		if !r.inWindowDocument(n) {
			panic(r.newDOMException("InvalidStateError", ctx+"The element is in an inactive document."))
		}
		segs, _ := svgOutline(n)
		_, at, ok := pathLengthAndPoint(segs, float64(float32(d)))
		if !ok {
			panic(r.newDOMException("InvalidStateError", ctx+"The element's path is empty."))
		}
		return r.idl.NewObject(point.Proto, &svgPoint{[2]float32{float32(at[0]), float32(at[1])}})
	})
	r.installSVGLengths() // svglength.go
}

// svgFloats defines float attributes of an interface whose platform objects are arrays of
// floats (the i-th name is the i-th float), each a WebIDL float (toFloat).
func (r *realm) svgFloats(i *webidl.Interface, iface string, this func(goja.FunctionCall) []float32, names ...string) {
	for k, name := range names {
		i.Attribute(name, func(call goja.FunctionCall) goja.Value { return r.rt.ToValue(float64(this(call)[k])) },
			func(call goja.FunctionCall) goja.Value {
				f := this(call)
				f[k] = float32(r.toFloat(call.Argument(0), "Failed to set the '"+name+"' property on '"+iface+"': "))
				return goja.Undefined()
			})
	}
}

// inWindowDocument reports whether n is in the window's document (CHROME: what SVG
// geometry measures; another document is inactive, a node outside one not rendered).
func (r *realm) inWindowDocument(n *Node) bool { return n.IsConnected() && n.doc == r.doc }

// svgViewportElement is the nearest ancestor of n that is an svg element, or nil.
func svgViewportElement(n *Node) *Node {
	for p := n.Parent(); p != nil && p.kind == ElementNode; p = p.Parent() {
		if p.h.Namespace == "svg" && p.h.Data == "svg" {
			return p
		}
	}
	return nil
}

// svgElementClass is the interface of an SVG element named name.
func (r *realm) svgElementClass(name string) *webidl.Interface {
	if c, ok := r.svgClasses[name]; ok {
		return c
	}
	return r.iface("SVGElement")
}
