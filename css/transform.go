package css

// Spec: CSS Transforms Module Level 1, W3C CR 2019-02-14
// https://www.w3.org/TR/2019/CR-css-transforms-1-20190214/ (the functions, the current
// transformation matrix, the 2D decomposition of §"Interpolation of Matrices"), and CSS
// Transforms Module Level 2, Editor's Draft 2026-11-01 https://drafts.csswg.org/css-transforms-2/
// (§"Interpolation of Transforms": primitives, padding with identity functions, matrix
// interpolation of the rest of the lists from the first mismatch).

import (
	"math"
	"strings"
)

// TransformOp is a transform function's 2D primitive
// (https://drafts.csswg.org/css-transforms-2/#interpolation-of-2d-and-3d-transform-functions):
// translateX(), translateY() and translate3d() with no z are translate(); scaleX(), scaleY()
// and scale3d() with z 1 are scale(); rotateZ() is rotate(); skewX() and skewY() are skew().
type TransformOp uint8

const (
	OpTranslate TransformOp = iota
	OpScale
	OpRotate
	OpSkew
	OpMatrix
	// OpInterpolated is the matrix interpolation of two lists at a progress, resolved when
	// the reference box is known (a percentage translation needs it).
	OpInterpolated
	// OpIgnored is a 3D function that does not reduce to 2D (rotateX(), rotateY(),
	// rotate3d(), perspective(), matrix3d()): it parses, and is the identity.
	// DEPARTURE: the engine is 2D; Chrome would serialise such a list as matrix3d().
	OpIgnored
)

// TranslateLength is one argument of a translation: a length (px, em, rem, vw, vh) plus a
// percentage of the reference box (calc(10px + 10%) is {10px, 10}). A min(), max() or clamp()
// of a percentage (or an interpolation with one) is a tree in L (Tree), its percentages of
// the reference box, resolved only when the box is known (Resolve).
type TranslateLength struct {
	L   Length  // never Percent or Auto; a math function of relative lengths (Math) until computed
	Pct float64 // percent of the reference box's width (x) or height (y)
}

// Tree reports a translation whose L is a math function that only the reference box
// resolves (a min(), max() or clamp() of a percentage, or a blend with one).
func (t TranslateLength) Tree() bool { return t.L.U == Math && t.L.Calc != nil && !t.L.Calc.Linear() }

// Resolve is a computed translation (lengths in px) in px, its percentages of base (the
// reference box's width for x, its height for y). A tree is evaluated as Chrome evaluates
// a calculation (Calc.Used).
func (t TranslateLength) Resolve(base float64) float64 {
	if t.Tree() {
		return t.L.Calc.Used(base) + t.Pct/100*base
	}
	return t.L.V + t.Pct/100*base
}

// equal reports two translations of the same value (trees compared node by node).
func (t TranslateLength) equal(u TranslateLength) bool {
	return t.Pct == u.Pct && t.L.V == u.L.V && t.L.U == u.L.U && t.L.Calc.Equal(u.L.Calc)
}

// calc is t as an expression: its tree, its length and its percentage.
func (t TranslateLength) calc() *Calc {
	var args []*Calc
	switch {
	case t.Tree():
		args = append(args, t.L.Calc)
	case t.L.V != 0 || t.Pct == 0:
		args = append(args, &Calc{Len: t.L})
	}
	if t.Pct != 0 {
		args = append(args, &Calc{Len: Length{V: t.Pct, U: Percent}, Pct: true})
	}
	if len(args) == 1 {
		return args[0]
	}
	return &Calc{Op: CalcSum, Args: args, Pct: true}
}

// treeLength is the tree c as a translation's length.
func treeLength(c *Calc) TranslateLength { return TranslateLength{L: Length{U: Math, Calc: c}} }

// TransformFunction is one function of a transform list.
type TransformFunction struct {
	Op   TransformOp
	X, Y TranslateLength // OpTranslate
	// N: OpScale (sx, sy); OpRotate (angle in degrees); OpSkew (ax, ay in degrees);
	// OpMatrix (a, b, c, d, e, f).
	N [6]float64
	// OpInterpolated: the two lists' remaining functions and the progress between them.
	From, To TransformList
	T        float64
}

// TransformList is a <transform-list>; nil is none.
type TransformList []TransformFunction

// Matrix is a 2D affine matrix [a c e; b d f; 0 0 1], as matrix(a, b, c, d, e, f).
type Matrix struct{ A, B, C, D, E, F float64 }

// IdentityMatrix is matrix(1, 0, 0, 1, 0, 0).
var IdentityMatrix = Matrix{A: 1, D: 1}

// Mul returns m × n: n applied first, then m (post-multiplication, as a transform list
// multiplies its functions from left to right).
func (m Matrix) Mul(n Matrix) Matrix {
	return Matrix{
		A: m.A*n.A + m.C*n.B, B: m.B*n.A + m.D*n.B,
		C: m.A*n.C + m.C*n.D, D: m.B*n.C + m.D*n.D,
		E: m.A*n.E + m.C*n.F + m.E, F: m.B*n.E + m.D*n.F + m.F,
	}
}

// IsTranslation reports a matrix that only translates.
func (m Matrix) IsTranslation() bool { return m.A == 1 && m.B == 0 && m.C == 0 && m.D == 1 }

// Apply maps the point (x, y).
func (m Matrix) Apply(x, y float64) (float64, float64) {
	return m.A*x + m.C*y + m.E, m.B*x + m.D*y + m.F
}

// Serialize gives the matrix as getComputedStyle gives a transform: matrix(a, b, c, d, e, f).
// https://drafts.csswg.org/css-transforms-1/#serialization-of-the-computed-value
func (m Matrix) Serialize() string {
	var sb strings.Builder
	sb.WriteString("matrix(")
	for i, v := range [6]float64{m.A, m.B, m.C, m.D, m.E, m.F} {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(FormatNumber(v))
	}
	sb.WriteByte(')')
	return sb.String()
}

// ParseTransformList parses the value of transform: none (a nil list) or a list of
// transform functions. https://drafts.csswg.org/css-transforms-1/#transform-property
func ParseTransformList(s string) (TransformList, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "none" {
		return nil, true
	}
	var list TransformList
	for _, fn := range Fields(s) {
		f, ok := parseTransformFunction(fn)
		if !ok {
			return nil, false
		}
		list = append(list, f)
	}
	return list, len(list) > 0
}

// parseTransformFunction parses one transform function.
// https://drafts.csswg.org/css-transforms-1/#transform-functions and
// https://drafts.csswg.org/css-transforms-2/#transform-functions
func parseTransformFunction(fn string) (TransformFunction, bool) {
	open := strings.IndexByte(fn, '(')
	if open <= 0 || fn[len(fn)-1] != ')' {
		return TransformFunction{}, false
	}
	name, inner := fn[:open], strings.TrimSpace(fn[open+1:len(fn)-1])
	var args []string
	if inner != "" {
		args = SplitCommas(inner)
	}
	n := len(args)
	count := func(lo, hi int) bool { return n >= lo && n <= hi }
	nums := func() ([6]float64, bool) {
		var v [6]float64
		for i, a := range args {
			x, ok := ParseNumber(a)
			if !ok {
				return v, false
			}
			v[i] = x
		}
		return v, true
	}
	f := TransformFunction{}
	switch name {
	case "translate", "translatex", "translatey", "translate3d", "translatez":
		f.Op = OpTranslate
		var ok bool
		switch name {
		case "translate":
			if ok = count(1, 2); ok {
				f.X, ok = parseTranslateLength(args[0])
				if ok && n == 2 {
					f.Y, ok = parseTranslateLength(args[1])
				}
			}
		case "translatex":
			if ok = count(1, 1); ok {
				f.X, ok = parseTranslateLength(args[0])
			}
		case "translatey":
			if ok = count(1, 1); ok {
				f.Y, ok = parseTranslateLength(args[0])
			}
		case "translate3d", "translatez":
			// DEPARTURE: the engine is 2D; a z translation is dropped (Chrome serialises
			// a list with one as matrix3d()).
			zi := 0
			if name == "translate3d" {
				if ok = count(3, 3); ok {
					f.X, ok = parseTranslateLength(args[0])
				}
				if ok {
					f.Y, ok = parseTranslateLength(args[1])
				}
				zi = 2
			} else {
				ok = count(1, 1)
			}
			if ok {
				_, ok = ParseLength(args[zi], false, false, true)
			}
		}
		return f, ok
	case "scale", "scalex", "scaley", "scale3d", "scalez":
		v, ok := nums()
		f.Op, f.N[0], f.N[1] = OpScale, 1, 1
		switch name {
		case "scale":
			ok = ok && count(1, 2)
			f.N[0], f.N[1] = v[0], v[0]
			if n == 2 {
				f.N[1] = v[1]
			}
		case "scalex":
			ok = ok && count(1, 1)
			f.N[0] = v[0]
		case "scaley":
			ok = ok && count(1, 1)
			f.N[1] = v[0]
		case "scale3d": // DEPARTURE: as translate3d(), the z scale is dropped
			ok = ok && count(3, 3)
			f.N[0], f.N[1] = v[0], v[1]
		case "scalez":
			ok = ok && count(1, 1)
		}
		return f, ok
	case "rotate", "rotatez":
		a, ok := parseAngle(inner)
		f.Op, f.N[0] = OpRotate, a
		return f, ok && n == 1
	case "skew", "skewx", "skewy":
		f.Op = OpSkew
		ok := count(1, 2) && (name == "skew" || n == 1)
		for i, a := range args {
			v, aok := parseAngle(a)
			ok = ok && aok
			if i < 2 {
				f.N[i] = v
			}
		}
		if name == "skewy" {
			f.N[0], f.N[1] = 0, f.N[0]
		}
		return f, ok
	case "matrix":
		v, ok := nums()
		f.Op, f.N = OpMatrix, v
		return f, ok && n == 6
	case "matrix3d", "rotatex", "rotatey", "rotate3d", "perspective":
		return TransformFunction{Op: OpIgnored}, n > 0
	}
	return TransformFunction{}, false
}

// parseTranslateLength parses a <length-percentage> argument of a translation; a math
// function is kept whole in L (unit Math) until it is computed.
func parseTranslateLength(s string) (TranslateLength, bool) {
	s = strings.TrimSpace(s)
	l, ok := ParseLength(s, true, false, true)
	switch {
	case !ok:
		return TranslateLength{}, false
	case l.U == Percent:
		return TranslateLength{Pct: l.V}, true
	case l.U == Math:
		relative := false
		v, pct, linear := l.Calc.Simplify(func(l Length) float64 {
			relative = relative || l.U != Px
			return l.V
		})
		if !linear { // a min(), max() or clamp() of a percentage: a tree (Tree)
			return TranslateLength{L: l}, true
		}
		if !relative { // px and percentages: known now (calc(10px + 10%) is {10px, 10})
			return TranslateLength{L: PxLength(v), Pct: pct}, true
		}
	}
	return TranslateLength{L: l}, true
}

// parseAngle parses an <angle> (deg, grad, rad, turn; 0 without a unit) into degrees.
// https://drafts.csswg.org/css-values-4/#angles
func parseAngle(s string) (float64, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, u := range []struct {
		suffix string
		scale  float64
	}{{"deg", 1}, {"grad", 0.9}, {"rad", 180 / math.Pi}, {"turn", 360}} {
		if strings.HasSuffix(s, u.suffix) {
			v, ok := ParseNumber(s[:len(s)-len(u.suffix)])
			return v * u.scale, ok
		}
	}
	v, ok := ParseNumber(s)
	return 0, ok && v == 0
}

// OnlyTranslations reports a list of translations alone (none included).
func (t TransformList) OnlyTranslations() bool {
	for _, f := range t {
		if f.Op != OpTranslate {
			return false
		}
	}
	return true
}

// TranslationSum is the sum of the list's translations, the other functions left out (an
// interpolated part contributes the blend of its two sums): what a painter that places
// translated content but neither rotates, scales nor skews it uses. Two translations in
// different relative units cannot be summed: the first unit's stays.
func (t TransformList) TranslationSum() (x, y TranslateLength) {
	add := addTranslation
	for _, f := range t {
		switch f.Op {
		case OpTranslate:
			add(&x, f.X)
			add(&y, f.Y)
		case OpInterpolated:
			fx, fy := f.From.TranslationSum()
			tx, ty := f.To.TranslationSum()
			add(&x, lerpTranslate(fx, tx, f.T))
			add(&y, lerpTranslate(fy, ty, f.T))
		}
	}
	return x, y
}

// addTranslation adds b to the sum a (TranslationSum); a sum with a tree is a tree.
func addTranslation(a *TranslateLength, b TranslateLength) {
	switch {
	case b.Tree() && a.L.V == 0 && a.Pct == 0 && !a.Tree():
		*a = b
		return
	case a.Tree() || b.Tree():
		if b.L.V == 0 && b.Pct == 0 && !b.Tree() {
			return
		}
		*a = treeLength(&Calc{Op: CalcSum, Args: []*Calc{a.calc(), b.calc()}, Pct: true})
		return
	case a.L.V == 0:
		a.L = b.L
	case b.L.U == a.L.U:
		a.L.V += b.L.V
	}
	a.Pct += b.Pct
}

// InterpolatedTranslationSum is InterpolateTransformLists(from, to, p).TranslationSum()
// for two lists of as many translations (none excluded), without building the list (an
// animation's compositor samples it every frame); ok is false for other lists.
func InterpolatedTranslationSum(from, to TransformList, p float64) (x, y TranslateLength, ok bool) {
	if len(from) != len(to) || len(from) == 0 || !from.OnlyTranslations() || !to.OnlyTranslations() ||
		from.hasTree() || to.hasTree() {
		return x, y, false
	}
	for i := range from {
		addTranslation(&x, lerpTranslate(from[i].X, to[i].X, p))
		addTranslation(&y, lerpTranslate(from[i].Y, to[i].Y, p))
	}
	return x, y, true
}

// hasTree reports a list of translations one of which is a tree (TranslateLength.Tree).
func (t TransformList) hasTree() bool {
	for _, f := range t {
		if f.X.Tree() || f.Y.Tree() {
			return true
		}
	}
	return false
}

// InterpolatedTranslation is InterpolatedTranslationSum for two lists of one translation
// each, translate(x0, y0) and translate(x1, y1).
func InterpolatedTranslation(x0, y0, x1, y1 TranslateLength, p float64) (x, y TranslateLength) {
	addTranslation(&x, lerpTranslate(x0, x1, p))
	addTranslation(&y, lerpTranslate(y0, y1, p))
	return x, y
}

// Equal reports two lists of the same functions with the same arguments.
func (t TransformList) Equal(u TransformList) bool {
	if len(t) != len(u) || (t == nil) != (u == nil) {
		return false
	}
	for i := range t {
		a, b := &t[i], &u[i]
		if a.Op != b.Op || !a.X.equal(b.X) || !a.Y.equal(b.Y) || a.N != b.N || a.T != b.T || !a.From.Equal(b.From) || !a.To.Equal(b.To) {
			return false
		}
	}
	return true
}

// LengthResolver gives a length's px (px, em, rem, vw, vh) for the element it styles.
type LengthResolver func(Length) float64

// Matrix gives the list's current transformation matrix for a reference box of w × h
// (the functions multiplied from left to right).
// https://drafts.csswg.org/css-transforms-1/#current-transformation-matrix
func (t TransformList) Matrix(w, h float64, px LengthResolver) Matrix {
	m := IdentityMatrix
	for i := range t {
		m = m.Mul(t[i].matrix(w, h, px))
	}
	return m
}

// matrix gives one function's matrix.
// https://drafts.csswg.org/css-transforms-1/#mathematical-description
func (f *TransformFunction) matrix(w, h float64, px LengthResolver) Matrix {
	switch f.Op {
	case OpTranslate:
		return Matrix{A: 1, D: 1, E: f.X.px(w, px), F: f.Y.px(h, px)}
	case OpScale:
		return Matrix{A: f.N[0], D: f.N[1]}
	case OpRotate:
		s, c := sinCosDegrees(f.N[0])
		return Matrix{A: c, B: s, C: -s, D: c}
	case OpSkew:
		return Matrix{A: 1, B: tanDegrees(f.N[1]), C: tanDegrees(f.N[0]), D: 1}
	case OpMatrix:
		return Matrix{A: f.N[0], B: f.N[1], C: f.N[2], D: f.N[3], E: f.N[4], F: f.N[5]}
	case OpInterpolated:
		return interpolateMatrices(f.From.Matrix(w, h, px), f.To.Matrix(w, h, px), f.T)
	}
	return IdentityMatrix
}

// px is t in px, its percentages of base.
func (t TranslateLength) px(base float64, px LengthResolver) float64 {
	if t.Tree() {
		return t.Resolve(base)
	}
	return px(t.L) + t.Pct/100*base
}

// identityOf is the identity transform function of f's primitive.
// https://drafts.csswg.org/css-transforms-1/#identity-transform-function
func identityOf(f TransformFunction) TransformFunction {
	switch f.Op {
	case OpScale:
		return TransformFunction{Op: OpScale, N: [6]float64{1, 1}}
	case OpMatrix:
		return TransformFunction{Op: OpMatrix, N: [6]float64{1, 0, 0, 1, 0, 0}}
	case OpInterpolated, OpIgnored:
		return TransformFunction{Op: OpMatrix, N: [6]float64{1, 0, 0, 1, 0, 0}}
	}
	return TransformFunction{Op: f.Op}
}

// InterpolateTransformLists blends two transform lists at progress p.
// https://drafts.csswg.org/css-transforms-2/#interpolation-of-transforms
func InterpolateTransformLists(from, to TransformList, p float64) TransformList {
	// 1. If both are none, the result is none.
	if from == nil && to == nil {
		return nil
	}
	// 2-3. A none, or the shorter list, is padded with the identity functions of the other's.
	n := max(len(from), len(to))
	pad := func(l, other TransformList) TransformList {
		if len(l) == n {
			return l
		}
		out := make(TransformList, n)
		copy(out, l)
		for i := len(l); i < n; i++ {
			out[i] = identityOf(other[i])
		}
		return out
	}
	from, to = pad(from, to), pad(to, from)
	out := make(TransformList, 0, n)
	for i := 0; i < n; i++ {
		a, b := from[i], to[i]
		// 4. Functions of a common primitive interpolate argument by argument; matrix()
		// and everything after the first mismatch interpolate as matrices.
		if a.Op != b.Op || a.Op == OpMatrix || a.Op == OpInterpolated || a.Op == OpIgnored {
			return append(out, TransformFunction{Op: OpInterpolated, From: from[i:], To: to[i:], T: p})
		}
		f := TransformFunction{Op: a.Op}
		switch a.Op {
		case OpTranslate:
			f.X, f.Y = lerpTranslate(a.X, b.X, p), lerpTranslate(a.Y, b.Y, p)
		default:
			for k := range f.N {
				f.N[k] = a.N[k] + (b.N[k]-a.N[k])*p
			}
		}
		out = append(out, f)
	}
	return out
}

// lerpTranslate interpolates two translation lengths: a zero takes the other's unit; two
// lengths of different relative units cannot be summed here, and flip at 50%. With a tree
// the result is Chrome's calc() blend (Blend).
func lerpTranslate(a, b TranslateLength, p float64) TranslateLength {
	if a.Tree() || b.Tree() {
		return treeLength(Blend(a.calc(), b.calc(), p))
	}
	out := TranslateLength{Pct: a.Pct + (b.Pct-a.Pct)*p}
	switch {
	case a.L.U == b.L.U || a.L.V == 0:
		out.L = Length{V: a.L.V + (b.L.V-a.L.V)*p, U: b.L.U}
	case b.L.V == 0:
		out.L = Length{V: a.L.V * (1 - p), U: a.L.U}
	case p < 0.5:
		out.L = a.L
	default:
		out.L = b.L
	}
	return out
}

// decomposed is a 2D matrix decomposed as CSS Transforms 2 decomposes a 3D matrix,
// restricted to the plane: translation, scale, the xy skew and the rotation about z.
// CHROME: Chrome interpolates 2D matrices through the 3D decomposition (Transforms 2),
// not the 2D one of Transforms 1 (matrix(2, 0, 0, 2, 0, 0) to matrix(1, 1, 0, 1, 10, 10)
// tells them apart; testdata/animations/transform_lists).
type decomposed struct {
	tx, ty, sx, sy, skew float64
	qz, qw               float64 // the rotation's quaternion (0, 0, qz, qw)
}

// decompose is "Decomposing a 3D matrix" for a 2D affine matrix: the perspective is none,
// the z row is (0, 0, 1), and the quaternion is a rotation about z.
// https://drafts.csswg.org/css-transforms-2/#decomposing-a-3d-matrix
func decompose(m Matrix) (decomposed, bool) {
	d := decomposed{tx: m.E, ty: m.F}
	row0x, row0y, row1x, row1y := m.A, m.B, m.C, m.D
	// Compute X scale factor and normalize the first row.
	d.sx = math.Hypot(row0x, row0y)
	if d.sx == 0 {
		return d, false
	}
	row0x, row0y = row0x/d.sx, row0y/d.sx
	// Compute the XY shear factor and make the second row orthogonal to the first.
	d.skew = row0x*row1x + row0y*row1y
	row1x, row1y = row1x-row0x*d.skew, row1y-row0y*d.skew
	// Now, compute the Y scale and normalize the second row.
	d.sy = math.Hypot(row1x, row1y)
	if d.sy == 0 {
		return d, false
	}
	row1x, row1y = row1x/d.sy, row1y/d.sy
	d.skew /= d.sy
	// At this point, the matrix (in rows) is orthonormal. Check for a coordinate system
	// flip. DEPARTURE: the spec negates every row and scale, z included, which makes the
	// rotation one about another axis; in the plane the x axis alone is flipped.
	if row0x*row1y-row0y*row1x < 0 {
		d.sx, row0x, row0y = -d.sx, -row0x, -row0y
	}
	// Now, get the rotations out (row[2] is (0, 0, 1): the quaternion's x and y are 0).
	d.qz = 0.5 * math.Sqrt(math.Max(1-row0x-row1y+1, 0))
	d.qw = 0.5 * math.Sqrt(math.Max(1+row0x+row1y+1, 0))
	if row1x > row0y {
		d.qz = -d.qz
	}
	return d, true
}

// recompose is "Recomposing to a 3D matrix" for a 2D decomposition: translate, then
// rotate, then skew, then scale.
// https://drafts.csswg.org/css-transforms-2/#recomposing-to-a-3d-matrix
func recompose(d decomposed) Matrix {
	m := Matrix{A: 1, D: 1, E: d.tx, F: d.ty}
	// The rotation matrix of the quaternion (the spec's, transposed as its erratum and
	// every engine have it).
	c, s := 1-2*d.qz*d.qz, 2*d.qz*d.qw
	m = m.Mul(Matrix{A: c, B: s, C: -s, D: c})
	if d.skew != 0 {
		m = m.Mul(Matrix{A: 1, C: d.skew, D: 1})
	}
	return m.Mul(Matrix{A: d.sx, D: d.sy})
}

// interpolateMatrices blends two 2D matrices through their decompositions, the rotation
// by spherical linear interpolation of the quaternions; a matrix that cannot be decomposed
// makes the blend flip at 50%.
// https://drafts.csswg.org/css-transforms-2/#interpolation-of-decomposed-3d-matrix-values
func interpolateMatrices(a, b Matrix, p float64) Matrix {
	da, okA := decompose(a)
	db, okB := decompose(b)
	if !okA || !okB {
		if p < 0.5 {
			return a
		}
		return b
	}
	lerp := func(x, y float64) float64 { return x + (y-x)*p }
	d := decomposed{
		tx: lerp(da.tx, db.tx), ty: lerp(da.ty, db.ty),
		sx: lerp(da.sx, db.sx), sy: lerp(da.sy, db.sy),
		skew: lerp(da.skew, db.skew), qz: da.qz, qw: da.qw,
	}
	// Spherical linear interpolation of the quaternions.
	// https://drafts.csswg.org/css-transforms-2/#interpolation-of-decomposed-3d-matrix-values
	product := math.Max(-1, math.Min(1, da.qz*db.qz+da.qw*db.qw))
	if math.Abs(product) != 1 {
		theta := math.Acos(product)
		w := math.Sin(p*theta) / math.Sqrt(1-product*product)
		s1 := math.Cos(p*theta) - product*w
		d.qz, d.qw = da.qz*s1+db.qz*w, da.qw*s1+db.qw*w
	}
	return recompose(d).single()
}

// single rounds each value to single precision.
// CHROME: a matrix blended through decomposition comes out of Chrome in single precision
// (its 0.65328148 serialises as 0.653282), while the functions' own matrices do not (its
// tan(7.5°) = 0.1316525 serialises as 0.131652): testdata/animations/transform_lists.
func (m Matrix) single() Matrix {
	r := func(v float64) float64 { return float64(float32(v)) }
	return Matrix{r(m.A), r(m.B), r(m.C), r(m.D), r(m.E), r(m.F)}
}

// sinCosDegrees gives the sine and cosine of an angle in degrees, exact at multiples of
// 90° (as Chrome's, whose rotate(90deg) is matrix(0, 1, -1, 0, 0, 0)).
func sinCosDegrees(deg float64) (sin, cos float64) {
	if r := math.Mod(deg, 90); r == 0 {
		switch n := int(math.Mod(deg/90, 4)); (n + 4) % 4 {
		case 0:
			return 0, 1
		case 1:
			return 1, 0
		case 2:
			return 0, -1
		default:
			return -1, 0
		}
	}
	return math.Sincos(deg * math.Pi / 180)
}

// tanDegrees is the tangent of an angle in degrees (0 at multiples of 180°).
func tanDegrees(deg float64) float64 {
	s, c := sinCosDegrees(deg)
	return s / c
}
