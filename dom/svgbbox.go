// Spec: SVG 2, Candidate Recommendation 2018-10 (https://www.w3.org/TR/SVG2/), §8.10 "Bounding
// boxes" and the geometry of the basic shapes (§10), paths (§9) and text (§11), for
// ResizeObserver's box sizes of SVG elements without a CSS layout box
// (https://drafts.csswg.org/resize-observer/#calculate-box-size: "If target is an
// SVGGraphicsElement that does not have an associated CSS layout box", its bounding box).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"math"
	"strconv"
	"strings"
)

// svgBBox is a bounding box in the element's user space.
type svgBBox struct{ x, y, w, h float64 }

// svgBoundingBox is the object bounding box of an SVG element that has no CSS layout box:
// ok is false for an element that is not in the SVG namespace, and for an outermost svg
// element (a CSS box: the layout measures it). Elements that render nothing (defs, stop,
// view, a gradient, ...) have an empty box.
//
// FIXME(spec): transforms, percentages and units other than px (taken as 0 and as px),
// stroke (the bounding box is the fill's, as SVG's object bounding box), display: none,
// a use element's referenced content, and arcs (their end points only) are not followed.
// DEPARTURE: text has no SVG text layout here: its box is font-size/2 a character wide and
// 1.2 font-size high, starting at (x, y - font-size).
func svgBoundingBox(n *Node) (svgBBox, bool) {
	if n == nil || n.kind != ElementNode || n.h.Namespace != "svg" {
		return svgBBox{}, false
	}
	num := func(name string) float64 { return svgLength(n, name) }
	switch n.h.Data {
	case "svg":
		if p := n.Parent(); p == nil || p.kind != ElementNode || p.h.Namespace != "svg" {
			return svgBBox{}, false // the outermost svg element has a CSS box
		}
		return svgChildrenBox(n), true // its children's, not its viewport (FIXME(spec): viewBox)
	case "rect", "image", "foreignObject":
		return svgBBox{num("x"), num("y"), max(0, num("width")), max(0, num("height"))}, true
	case "circle":
		r := max(0, num("r"))
		return svgBBox{num("cx") - r, num("cy") - r, 2 * r, 2 * r}, true
	case "ellipse":
		rx, ry := max(0, num("rx")), max(0, num("ry"))
		return svgBBox{num("cx") - rx, num("cy") - ry, 2 * rx, 2 * ry}, true
	case "line":
		var b svgBounds
		b.add(num("x1"), num("y1"))
		b.add(num("x2"), num("y2"))
		return b.box(), true
	case "polyline", "polygon":
		var b svgBounds
		v, _ := n.GetAttribute("points")
		nums := svgNumbers(v)
		for i := 0; i+1 < len(nums); i += 2 {
			b.add(nums[i], nums[i+1])
		}
		return b.box(), true
	case "path":
		v, _ := n.GetAttribute("d")
		b := svgPathBounds(v)
		return b.box(), true
	case "text":
		size := 16.0
		if v, ok := n.GetAttribute("font-size"); ok {
			if f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), "px"), 64); err == nil && f >= 0 {
				size = f
			}
		}
		text, _ := n.TextContent()
		chars := len([]rune(text))
		return svgBBox{num("x"), num("y") - size, float64(chars) * size / 2, 1.2 * size}, true
	case "g", "a", "switch":
		return svgChildrenBox(n), true
	}
	return svgBBox{}, true // renders nothing of its own: an empty box
}

// svgChildrenBox is the union of the children's boxes that are not empty.
func svgChildrenBox(n *Node) svgBBox {
	var b svgBounds
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if cb, ok := svgBoundingBox(c); ok && (cb.w > 0 || cb.h > 0) {
			b.add(cb.x, cb.y)
			b.add(cb.x+cb.w, cb.y+cb.h)
		}
	}
	return b.box()
}

// svgLength reads a length attribute in px (0 when absent or not a number).
func svgLength(n *Node, name string) float64 {
	v, ok := n.GetAttribute(name)
	if !ok {
		return 0
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), "px"), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return f
}

// svgBounds accumulates points.
type svgBounds struct {
	minX, minY, maxX, maxY float64
	any                    bool
}

func (b *svgBounds) add(x, y float64) {
	if !b.any {
		b.minX, b.minY, b.maxX, b.maxY, b.any = x, y, x, y, true
		return
	}
	b.minX, b.minY = min(b.minX, x), min(b.minY, y)
	b.maxX, b.maxY = max(b.maxX, x), max(b.maxY, y)
}

func (b *svgBounds) box() svgBBox {
	if !b.any {
		return svgBBox{}
	}
	return svgBBox{b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY}
}

// svgNumbers splits a list of numbers separated by whitespace and commas (points, and a
// path's arguments: "10-5" is two numbers, ".5.5" too).
func svgNumbers(s string) []float64 {
	nums, _ := svgNumbersUpTo(s)
	return nums
}

// svgNumbersUpTo is svgNumbers and where it stopped reading s: len(s) when all of s is the
// list, else the error's place (what came before it stays).
func svgNumbersUpTo(s string) (out []float64, end int) {
	i := 0
	for i < len(s) {
		c := s[i]
		if c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r' || c == '\f' {
			i++
			continue
		}
		j := svgNumberEnd(s, i)
		f, err := strconv.ParseFloat(s[i:j], 64)
		if j == i || err != nil {
			return out, i
		}
		out = append(out, f)
		i = j
	}
	return out, i
}

// svgPathBounds is the bounds of path data: the end points of every segment and, for the
// Bézier curves, their extremes (walkPathData: up to the first error).
// FIXME(spec): an arc adds its end points only.
func svgPathBounds(d string) svgBounds {
	var b svgBounds
	walkPathData(d, func(s pathSegment) {
		switch s.cmd {
		case 'Q':
			quadExtremes(&b, s.from[0], s.from[1], s.c1[0], s.c1[1], s.to[0], s.to[1])
		case 'C':
			cubicExtremes(&b, s.from[0], s.from[1], s.c1[0], s.c1[1], s.c2[0], s.c2[1], s.to[0], s.to[1])
		}
		b.add(s.to[0], s.to[1])
	})
	return b
}

// pathArity is the number of arguments of a path command (upper case).
func pathArity(cmd byte) int {
	switch cmd {
	case 'H', 'V':
		return 1
	case 'M', 'L', 'T':
		return 2
	case 'S', 'Q':
		return 4
	case 'C':
		return 6
	case 'A':
		return 7
	}
	return 0
}

// quadExtremes adds the extremes of the quadratic Bézier curve p0 p1 p2.
func quadExtremes(b *svgBounds, x0, y0, x1, y1, x2, y2 float64) {
	for _, t := range []float64{quadRoot(x0, x1, x2), quadRoot(y0, y1, y2)} {
		if t > 0 && t < 1 {
			u := 1 - t
			b.add(u*u*x0+2*u*t*x1+t*t*x2, u*u*y0+2*u*t*y1+t*t*y2)
		}
	}
}

// quadRoot is where a quadratic's derivative is zero (-1 when it is nowhere).
func quadRoot(p0, p1, p2 float64) float64 {
	den := p0 - 2*p1 + p2
	if den == 0 {
		return -1
	}
	return (p0 - p1) / den
}

// cubicExtremes adds the extremes of the cubic Bézier curve p0 p1 p2 p3.
func cubicExtremes(b *svgBounds, x0, y0, x1, y1, x2, y2, x3, y3 float64) {
	at := func(t, p0, p1, p2, p3 float64) float64 {
		u := 1 - t
		return u*u*u*p0 + 3*u*u*t*p1 + 3*u*t*t*p2 + t*t*t*p3
	}
	for _, ts := range [][]float64{cubicRoots(x0, x1, x2, x3), cubicRoots(y0, y1, y2, y3)} {
		for _, t := range ts {
			if t > 0 && t < 1 {
				b.add(at(t, x0, x1, x2, x3), at(t, y0, y1, y2, y3))
			}
		}
	}
}

// cubicRoots is where a cubic Bézier coordinate's derivative is zero.
func cubicRoots(p0, p1, p2, p3 float64) []float64 {
	// B'(t)/3 = a t² + b t + c
	a := -p0 + 3*p1 - 3*p2 + p3
	bb := 2 * (p0 - 2*p1 + p2)
	c := p1 - p0
	if a == 0 {
		if bb == 0 {
			return nil
		}
		return []float64{-c / bb}
	}
	disc := bb*bb - 4*a*c
	if disc < 0 {
		return nil
	}
	s := math.Sqrt(disc)
	return []float64{(-bb + s) / (2 * a), (-bb - s) / (2 * a)}
}
