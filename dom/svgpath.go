// Spec: SVG 2, Candidate Recommendation 2018-10 (https://www.w3.org/TR/SVG2/): §9.3 the path
// data grammar (https://www.w3.org/TR/SVG2/paths.html#PathDataBNF), §9.5 its error handling,
// §10 the basic shapes' equivalent paths (https://www.w3.org/TR/SVG2/shapes.html), and
// SVGGeometryElement's getTotalLength and getPointAtLength
// (https://www.w3.org/TR/SVG2/types.html#InterfaceSVGGeometryElement); the elliptical arc's
// conversion to its centre parameterization, SVG 1.1 Implementation Notes F.6.5.
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"math"
	"strings"
)

// pathSegment is one segment of an outline in absolute user units: a moveto (to alone), a
// line, a quadratic or cubic Bézier curve (its control points c1, c2), an elliptical arc of
// path data (its radii, x-axis rotation and flags), or a shape's elliptical arc ('E': from
// parametric angle t0 to t1 of the axis-aligned ellipse of centre c1 and radii rx, ry), each
// from the current point from.
type pathSegment struct {
	cmd          byte // 'M', 'L', 'Q', 'C', 'A', 'E'; 'Z' closes (a line to the subpath's start)
	from, to     [2]float64
	c1, c2       [2]float64
	rx, ry, phi  float64
	large, sweep bool
	t0, t1       float64
}

// walkPathData calls f with each segment of path data, in order: the path is drawn up to
// its first error (§9.5: "render up to and including the last correctly defined path
// segment"). https://www.w3.org/TR/SVG2/paths.html#PathDataErrorHandling
func walkPathData(d string, f func(pathSegment)) {
	var cur, start, ctl [2]float64 // current point, subpath start, last control point
	var prev byte
	i := 0
	for i < len(d) {
		c := d[i]
		if !strings.ContainsRune("MmLlHhVvCcSsQqTtAaZz", rune(c)) {
			if c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r' || c == '\f' {
				i++
				continue
			}
			return // not a command: the path is in error from here on
		}
		if prev == 0 && c&^0x20 != 'M' {
			return // the data must start with a moveto
		}
		j := i + 1
		for j < len(d) && !strings.ContainsRune("MmLlHhVvCcSsQqTtAaZz", rune(d[j])) {
			j++
		}
		args, ok := svgPathArgs(d[i+1 : j])
		i = j
		rel := c >= 'a'
		cmd := c &^ 0x20 // upper case
		if cmd == 'Z' {
			f(pathSegment{cmd: 'Z', from: cur, to: start})
			cur, prev = start, 'Z'
			if len(args) > 0 {
				return // a closepath takes no arguments
			}
			continue
		}
		arity := pathArity(cmd)
		if len(args) == 0 || len(args)%arity != 0 {
			ok = false
		}
		for k := 0; k+arity <= len(args); k += arity {
			a := args[k : k+arity]
			var o [2]float64
			if rel {
				o = cur
			}
			s := pathSegment{from: cur}
			switch cmd {
			case 'M':
				s.cmd, s.to = 'M', [2]float64{a[0] + o[0], a[1] + o[1]}
				if k > 0 {
					s.cmd = 'L' // further pairs after a moveto are linetos
				} else {
					start = s.to
				}
			case 'L':
				s.cmd, s.to = 'L', [2]float64{a[0] + o[0], a[1] + o[1]}
			case 'H':
				s.cmd, s.to = 'L', [2]float64{a[0] + o[0], cur[1]}
			case 'V':
				s.cmd, s.to = 'L', [2]float64{cur[0], a[0] + o[1]}
			case 'Q', 'T':
				s.cmd = 'Q'
				if cmd == 'Q' {
					s.c1, s.to = [2]float64{a[0] + o[0], a[1] + o[1]}, [2]float64{a[2] + o[0], a[3] + o[1]}
				} else {
					s.c1, s.to = cur, [2]float64{a[0] + o[0], a[1] + o[1]}
					if prev == 'Q' || prev == 'T' {
						s.c1 = [2]float64{2*cur[0] - ctl[0], 2*cur[1] - ctl[1]}
					}
				}
				ctl = s.c1
			case 'C', 'S':
				s.cmd = 'C'
				rest := a
				if cmd == 'C' {
					s.c1, rest = [2]float64{a[0] + o[0], a[1] + o[1]}, a[2:]
				} else {
					s.c1 = cur
					if prev == 'C' || prev == 'S' {
						s.c1 = [2]float64{2*cur[0] - ctl[0], 2*cur[1] - ctl[1]}
					}
				}
				s.c2, s.to = [2]float64{rest[0] + o[0], rest[1] + o[1]}, [2]float64{rest[2] + o[0], rest[3] + o[1]}
				ctl = s.c2
			case 'A':
				if (a[3] != 0 && a[3] != 1) || (a[4] != 0 && a[4] != 1) {
					return // a flag is 0 or 1
				}
				s.cmd, s.rx, s.ry, s.phi = 'A', math.Abs(a[0]), math.Abs(a[1]), a[2]
				s.large, s.sweep, s.to = a[3] == 1, a[4] == 1, [2]float64{a[5] + o[0], a[6] + o[1]}
			}
			f(s)
			cur = s.to
			prev = cmd
			if cmd == 'M' {
				prev = 'L'
			}
		}
		if !ok {
			return
		}
	}
}

// svgPathArgs is the numbers of one command's arguments; ok is false when they end in an
// error (a character that is not part of a number), after the numbers before it.
func svgPathArgs(s string) (args []float64, ok bool) {
	args, end := svgNumbersUpTo(s)
	return args, end == len(s)
}

// svgNumberEnd is the end of the number that starts at s[i] (i: none starts there).
func svgNumberEnd(s string, i int) int {
	j := i
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	dot, digits := false, false
	for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.' && !dot) {
		dot = dot || s[j] == '.'
		digits = digits || s[j] != '.'
		j++
	}
	if !digits {
		return i
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if k < len(s) && s[k] >= '0' && s[k] <= '9' {
			for k < len(s) && s[k] >= '0' && s[k] <= '9' {
				k++
			}
			j = k
		}
	}
	return j
}

// svgOutline is the outline of a geometry element as path segments (§10's equivalent paths:
// a rect from its top left corner clockwise, a circle or an ellipse from its rightmost point
// clockwise, as Chromium starts them), and whether the element is a geometry element.
func svgOutline(n *Node) ([]pathSegment, bool) {
	num := func(name string) float64 { return svgLength(n, name) }
	var segs []pathSegment
	var cur [2]float64
	move := func(x, y float64) {
		cur = [2]float64{x, y}
		segs = append(segs, pathSegment{cmd: 'M', from: cur, to: cur})
	}
	line := func(x, y float64) {
		segs = append(segs, pathSegment{cmd: 'L', from: cur, to: [2]float64{x, y}})
		cur = [2]float64{x, y}
	}
	// A quarter of the ellipse of centre (cx, cy), from parametric angle a quarter turns,
	// clockwise on the screen.
	arc := func(cx, cy, rx, ry float64, a int) {
		t0, t1 := float64(a)*math.Pi/2, float64(a+1)*math.Pi/2
		to := [2]float64{cx + rx*math.Cos(t1), cy + ry*math.Sin(t1)}
		if a%2 == 0 { // (exact at the ends of the axes)
			to = [2]float64{cx, cy + ry*float64(1-a)}
		} else {
			to = [2]float64{cx + rx*float64(a-2), cy}
		}
		segs = append(segs, pathSegment{cmd: 'E', from: cur, to: to, c1: [2]float64{cx, cy}, rx: rx, ry: ry, t0: t0, t1: t1})
		cur = to
	}
	switch n.h.Data {
	case "rect":
		x, y, w, h := num("x"), num("y"), num("width"), num("height")
		if w <= 0 || h <= 0 {
			return nil, true
		}
		rx, ry := svgRadii(n, w, h)
		if rx == 0 || ry == 0 {
			move(x, y)
			line(x+w, y)
			line(x+w, y+h)
			line(x, y+h)
			line(x, y)
			return segs, true
		}
		move(x+rx, y)
		line(x+w-rx, y)
		arc(x+w-rx, y+ry, rx, ry, 3)
		line(x+w, y+h-ry)
		arc(x+w-rx, y+h-ry, rx, ry, 0)
		line(x+rx, y+h)
		arc(x+rx, y+h-ry, rx, ry, 1)
		line(x, y+ry)
		arc(x+rx, y+ry, rx, ry, 2)
		return segs, true
	case "circle", "ellipse":
		cx, cy := num("cx"), num("cy")
		rx, ry := num("rx"), num("ry")
		if n.h.Data == "circle" {
			rx = num("r")
			ry = rx
		}
		if rx <= 0 || ry <= 0 {
			return nil, true
		}
		move(cx+rx, cy)
		for a := range 4 {
			arc(cx, cy, rx, ry, a)
		}
		return segs, true
	case "line":
		move(num("x1"), num("y1"))
		line(num("x2"), num("y2"))
		return segs, true
	case "polyline", "polygon":
		v, _ := n.GetAttribute("points")
		nums := svgNumbers(v)
		for i := 0; i+1 < len(nums); i += 2 {
			if i == 0 {
				move(nums[0], nums[1])
			} else {
				line(nums[i], nums[i+1])
			}
		}
		if n.h.Data == "polygon" && len(segs) > 0 {
			line(segs[0].to[0], segs[0].to[1])
		}
		return segs, true
	case "path":
		v, _ := n.GetAttribute("d")
		walkPathData(v, func(s pathSegment) { segs = append(segs, s) })
		return segs, true
	}
	return nil, false
}

// svgRadii is a rect's corner radii: an auto radius takes the other's value, each is at
// most half the side. https://www.w3.org/TR/SVG2/geometry.html#RX
func svgRadii(n *Node, w, h float64) (rx, ry float64) {
	_, hasX := n.GetAttribute("rx")
	_, hasY := n.GetAttribute("ry")
	rx, ry = max(0, svgLength(n, "rx")), max(0, svgLength(n, "ry"))
	switch {
	case hasX && !hasY:
		ry = rx
	case hasY && !hasX:
		rx = ry
	}
	return min(rx, w/2), min(ry, h/2)
}

// How curves are measured, as Chromium measures them:
//   - a path's curves (and its arcs, as the cubic curves they are drawn with) are halved
//     until the length of a piece's control polygon is within curveLengthTolerance of its
//     chord (as Blink's path traversal does), at most curveDepthLimit times, and a piece
//     counts its control polygon's length. CHROME: Chromium's lengths of curves differ from
//     these in the third decimal (282.010 and 282.011 for testdata/dom/svg_geometry's
//     two cubic curves): Blink computes in floats;
//   - a shape's elliptical arcs (a circle, an ellipse, a rect's rounded corners) are the
//     conics Skia draws an oval with, measured by chords: a span of the conic's parameter is
//     halved while the point at its middle lies more than shapeTolerance from the chord's
//     midpoint in x or in y (CHROME: SkContourMeasure): a circle of radius 25 is 16
//     chords long, 156.067, not 2π·25 = 157.080.
const (
	curveLengthTolerance = 1e-5
	curveDepthLimit      = 20
	shapeTolerance       = 0.5
)

// polyPoint is a point of a flattened outline and the length of the piece that ends there
// (its chord's, or a curve piece's control polygon's, as Blink counts it).
type polyPoint struct {
	p [2]float64
	l float64
}

// maxCurvePieces bounds the pieces curves are cut into, over a whole outline: a curve is
// halved up to curveDepthLimit times, so a hostile path of many large curves could make
// millions of points in host code no watchdog interrupts. Past the bound, curves are
// measured by their chords (a long path of large curves measures a little short).
const maxCurvePieces = 1 << 18

// polyline is an outline being flattened: its subpaths' points, and the curve pieces it may
// still make.
type polyline struct {
	subpaths [][]polyPoint
	left     int
}

// add appends p to the last subpath; l < 0: the piece's length is its chord's.
func (pl *polyline) add(p [2]float64, l float64) {
	sp := pl.subpaths[len(pl.subpaths)-1]
	if l < 0 {
		q := sp[len(sp)-1].p
		l = math.Hypot(p[0]-q[0], p[1]-q[1])
	}
	pl.subpaths[len(pl.subpaths)-1] = append(sp, polyPoint{p, l})
}

// split reports whether a curve piece may be halved (it uses up the budget).
func (pl *polyline) split(depth int) bool {
	if depth >= curveDepthLimit || pl.left <= 0 {
		return false
	}
	pl.left--
	return true
}

// pathPolyline is the outline flattened: for each subpath, its points (the curves as
// pieces, see above).
func pathPolyline(segs []pathSegment) [][]polyPoint {
	pl := &polyline{left: maxCurvePieces}
	for _, s := range segs {
		if s.cmd == 'M' || len(pl.subpaths) == 0 {
			pl.subpaths = append(pl.subpaths, []polyPoint{{p: s.from}})
			if s.cmd == 'M' {
				pl.subpaths[len(pl.subpaths)-1][0].p = s.to
				continue
			}
		}
		switch s.cmd {
		case 'L', 'Z':
			pl.add(s.to, -1)
		case 'Q':
			// The quadratic as the cubic it is.
			c1 := [2]float64{s.from[0] + 2.0/3*(s.c1[0]-s.from[0]), s.from[1] + 2.0/3*(s.c1[1]-s.from[1])}
			c2 := [2]float64{s.to[0] + 2.0/3*(s.c1[0]-s.to[0]), s.to[1] + 2.0/3*(s.c1[1]-s.to[1])}
			flattenCubic(pl, s.from, c1, c2, s.to, 0)
		case 'C':
			flattenCubic(pl, s.from, s.c1, s.c2, s.to, 0)
		case 'A':
			arcToCubics(s, func(c1, c2, to [2]float64, from [2]float64) { flattenCubic(pl, from, c1, c2, to, 0) })
		case 'E':
			// The quarter as Skia draws an oval's: a conic (a rational quadratic curve)
			// of weight √2/2 whose control point is the corner of the ellipse's box
			// between the quarter's ends.
			corner := [2]float64{s.to[0], s.from[1]}
			if s.from[0] == s.c1[0] {
				corner = [2]float64{s.from[0], s.to[1]}
			}
			q := conic{s.from, corner, s.to, math.Sqrt2 / 2}
			flattenConic(pl, q, 0, 1, s.from, s.to, 0)
		}
	}
	return pl.subpaths
}

// flattenCubic adds the ends of the pieces of the cubic p0 p1 p2 p3 (p0 not added), each
// with its control polygon's length: it is halved while its control polygon is longer than
// its chord by more than curveLengthTolerance.
func flattenCubic(pl *polyline, p0, p1, p2, p3 [2]float64, depth int) {
	dist := func(a, b [2]float64) float64 { return math.Hypot(b[0]-a[0], b[1]-a[1]) }
	poly := dist(p0, p1) + dist(p1, p2) + dist(p2, p3)
	if poly-dist(p0, p3) > curveLengthTolerance && pl.split(depth) {
		mid := func(a, b [2]float64) [2]float64 { return [2]float64{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2} }
		p01, p12, p23 := mid(p0, p1), mid(p1, p2), mid(p2, p3)
		p012, p123 := mid(p01, p12), mid(p12, p23)
		m := mid(p012, p123)
		flattenCubic(pl, p0, p01, p012, m, depth+1)
		flattenCubic(pl, m, p123, p23, p3, depth+1)
		return
	}
	pl.add(p3, poly)
}

// conic is a rational quadratic Bézier curve: p0, p1, p2 and the weight w of p1.
type conic struct {
	p0, p1, p2 [2]float64
	w          float64
}

// at is the conic's point at t.
func (c conic) at(t float64) [2]float64 {
	u := 1 - t
	a, b, d := u*u, 2*c.w*t*u, t*t
	den := a + b + d
	return [2]float64{(a*c.p0[0] + b*c.p1[0] + d*c.p2[0]) / den, (a*c.p0[1] + b*c.p1[1] + d*c.p2[1]) / den}
}

// flattenConic adds the ends of the chords Skia measures the conic c by, from t0 (the point
// p0, not added) to t1 (p1): a span is halved in t while the conic's point at its middle t
// lies farther than shapeTolerance, in x or in y, from the chord's midpoint.
func flattenConic(pl *polyline, c conic, t0, t1 float64, p0, p1 [2]float64, depth int) {
	tm := (t0 + t1) / 2
	m := c.at(tm)
	if max(math.Abs(m[0]-(p0[0]+p1[0])/2), math.Abs(m[1]-(p0[1]+p1[1])/2)) > shapeTolerance && pl.split(depth) {
		flattenConic(pl, c, t0, tm, p0, m, depth+1)
		flattenConic(pl, c, tm, t1, m, p1, depth+1)
		return
	}
	pl.add(p1, -1)
}

// arcToCubics calls f with cubic Bézier curves that draw the elliptical arc s, each at most a
// quarter turn, from its centre parameterization (SVG 1.1 F.6.5, with its radii scaled up
// when they cannot reach the end point, F.6.6). A zero radius is a line; the same end
// point, nothing. https://www.w3.org/TR/SVG11/implnote.html#ArcImplementationNotes
func arcToCubics(s pathSegment, f func(c1, c2, to, from [2]float64)) {
	x1, y1, x2, y2 := s.from[0], s.from[1], s.to[0], s.to[1]
	if x1 == x2 && y1 == y2 {
		return
	}
	rx, ry := s.rx, s.ry
	if rx == 0 || ry == 0 {
		f(s.from, s.to, s.to, s.from)
		return
	}
	phi := s.phi * math.Pi / 180
	cos, sin := math.Cos(phi), math.Sin(phi)
	// F.6.5.1: (x1', y1').
	dx, dy := (x1-x2)/2, (y1-y2)/2
	xp, yp := cos*dx+sin*dy, -sin*dx+cos*dy
	// F.6.6.2: radii too small are scaled up.
	if lambda := xp*xp/(rx*rx) + yp*yp/(ry*ry); lambda > 1 {
		k := math.Sqrt(lambda)
		rx, ry = rx*k, ry*k
	}
	// F.6.5.2: (cx', cy').
	num := rx*rx*ry*ry - rx*rx*yp*yp - ry*ry*xp*xp
	den := rx*rx*yp*yp + ry*ry*xp*xp
	co := 0.0
	if num > 0 && den > 0 {
		co = math.Sqrt(num / den)
	}
	if s.large == s.sweep {
		co = -co
	}
	cxp, cyp := co*rx*yp/ry, -co*ry*xp/rx
	// F.6.5.3: (cx, cy).
	cx, cy := cos*cxp-sin*cyp+(x1+x2)/2, sin*cxp+cos*cyp+(y1+y2)/2
	// F.6.5.5-6: the start angle and the sweep.
	angle := func(ux, uy, vx, vy float64) float64 { return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy) }
	theta1 := angle(1, 0, (xp-cxp)/rx, (yp-cyp)/ry)
	dtheta := angle((xp-cxp)/rx, (yp-cyp)/ry, (-xp-cxp)/rx, (-yp-cyp)/ry)
	if !s.sweep && dtheta > 0 {
		dtheta -= 2 * math.Pi
	} else if s.sweep && dtheta < 0 {
		dtheta += 2 * math.Pi
	}
	pieces := int(math.Ceil(math.Abs(dtheta)/(math.Pi/2) - 1e-9))
	pieces = max(pieces, 1)
	step := dtheta / float64(pieces)
	k := 4.0 / 3 * math.Tan(step/4)
	point := func(t float64) (p, d [2]float64) {
		ct, st := math.Cos(t), math.Sin(t)
		p = [2]float64{cx + rx*ct*cos - ry*st*sin, cy + rx*ct*sin + ry*st*cos}
		d = [2]float64{-rx*st*cos - ry*ct*sin, -rx*st*sin + ry*ct*cos}
		return p, d
	}
	from := s.from
	for i := range pieces {
		t0, t1 := theta1+float64(i)*step, theta1+float64(i+1)*step
		_, d0 := point(t0)
		p1, d1 := point(t1)
		if i == pieces-1 {
			p1 = s.to
		}
		c1 := [2]float64{from[0] + k*d0[0], from[1] + k*d0[1]}
		c2 := [2]float64{p1[0] - k*d1[0], p1[1] - k*d1[1]}
		f(c1, c2, p1, from)
		from = p1
	}
}

// pathLengthAndPoint measures the flattened outline: its total length, and the point at
// distance along it (clamped to [0, total]; the first point for a NaN). ok is false when
// the outline has no point at all.
func pathLengthAndPoint(segs []pathSegment, distance float64) (total float64, at [2]float64, ok bool) {
	polys := pathPolyline(segs)
	for _, pl := range polys {
		for _, q := range pl[1:] {
			total += q.l
		}
	}
	if len(polys) == 0 {
		return 0, at, false
	}
	if math.IsNaN(distance) || distance < 0 {
		distance = 0
	}
	distance = min(distance, total)
	at = polys[0][0].p
	run := 0.0
	for _, pl := range polys {
		for i := 1; i < len(pl); i++ {
			a, b, l := pl[i-1].p, pl[i].p, pl[i].l
			if l > 0 && run+l >= distance {
				t := (distance - run) / l
				return total, [2]float64{a[0] + t*(b[0]-a[0]), a[1] + t*(b[1]-a[1])}, true
			}
			run += l
			at = b
		}
	}
	return total, at, true
}
