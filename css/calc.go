package css

import (
	"math"
	"strings"
)

// Spec: https://drafts.csswg.org/css-values-4/#math (2026-11-01)
//
// Math functions of lengths and percentages: calc(), min(), max() and clamp(), with + - * /,
// nested functions and parentheses. Parsed into a tree (Calc) kept in the specified value;
// computing it resolves the relative units and simplifies it (Calc.Simplify).

// CalcOp is the kind of a node of a math expression.
type CalcOp uint8

const (
	CalcLeaf  CalcOp = iota // a length, a percentage (Len) or a number (Num, when IsNum)
	CalcSum                 // the sum of Args
	CalcScale               // Args[0] times Num
	CalcMin                 // the least of Args
	CalcMax                 // the greatest of Args
	CalcClamp               // max(Args[0], min(Args[1], Args[2]))
	CalcBlend               // an interpolation's sum, in Chrome's form (Blend)
)

// Calc is a node of a math expression of <length-percentage> type (or <number>, for a
// factor). Its subtrees of numbers alone are folded into a number when parsed.
type Calc struct {
	Op    CalcOp
	IsNum bool // the node is a <number> (a folded leaf)
	Len   Length
	Num   float64
	Args  []*Calc
	Pct   bool // a percentage occurs in the node
	// A CalcBlend node's plain part, Num% + Len px (Plain: an endpoint had one; PlainPx: one
	// had a length other than 0px), before its Args (each a CalcScale).
	Plain, PlainPx bool
}

// calcToken is one token of a math function's arguments.
type calcToken struct {
	kind  byte // 'n' a number, dimension or percentage, 'f' a function's name and its '(', '(' ')' ',' and the operators
	text  string
	space bool // whitespace came before it
}

// tokenizeCalc splits the inside of a math function into tokens, as CSS Syntax consumes
// numbers (a sign belongs to the number after it) and functions.
// https://drafts.csswg.org/css-syntax-3/#consume-token
func tokenizeCalc(s string) ([]calcToken, bool) {
	var out []calcToken
	space := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case IsSpace(c):
			space = true
			i++
			continue
		case c >= '0' && c <= '9' || c == '.' ||
			(c == '+' || c == '-') && i+1 < len(s) && (isDigit(s[i+1]) || s[i+1] == '.' && i+2 < len(s) && isDigit(s[i+2])):
			j := i + 1
			for j < len(s) && (isDigit(s[j]) || s[j] == '.') {
				j++
			}
			if j < len(s) && (s[j] == 'e' || s[j] == 'E') && j+1 < len(s) &&
				(isDigit(s[j+1]) || (s[j+1] == '+' || s[j+1] == '-') && j+2 < len(s) && isDigit(s[j+2])) {
				j += 2
				for j < len(s) && isDigit(s[j]) {
					j++
				}
			}
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] == '%') {
				j++
			}
			out = append(out, calcToken{'n', s[i:j], space})
			i = j
		case c >= 'a' && c <= 'z' || c == '-' && i+1 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'z':
			j := i + 1
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] == '-') {
				j++
			}
			if j < len(s) && s[j] == '(' {
				out = append(out, calcToken{'f', s[i:j], space})
				i = j + 1
				break
			}
			if _, ok := calcConstants[s[i:j]]; !ok {
				return nil, false // no other keyword is a <length-percentage> here
			}
			out = append(out, calcToken{'c', s[i:j], space})
			i = j
		case strings.IndexByte("()+-*/,", c) >= 0:
			out = append(out, calcToken{c, s[i : i+1], space})
			i++
		default:
			return nil, false
		}
		space = false
	}
	return out, true
}

// calcConstants are the numeric constants of a math function (lowercase: the value is).
// https://drafts.csswg.org/css-values-4/#calc-constants
var calcConstants = map[string]float64{"e": math.E, "pi": math.Pi, "infinity": math.Inf(1),
	"-infinity": math.Inf(-1), "nan": math.NaN()}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// IsMathFunction reports a value that starts with one of the math functions parsed here.
func IsMathFunction(s string) bool {
	for _, f := range [...]string{"calc(", "min(", "max(", "clamp("} {
		if strings.HasPrefix(s, f) {
			return true
		}
	}
	return false
}

// ParseCalc parses a math function (s lowercase and trimmed) of <length-percentage> type,
// percentages allowed or not. The result's range is not checked: a value out of the
// property's range is clamped when it is used. https://drafts.csswg.org/css-values-4/#calc-range
func ParseCalc(s string, allowPercent bool) (*Calc, bool) {
	toks, ok := tokenizeCalc(s)
	if !ok {
		return nil, false
	}
	p := calcParser{toks: toks, allowPercent: allowPercent}
	c, ok := p.value()
	if !ok || p.i != len(p.toks) || c.IsNum || p.depth > maxCalcDepth {
		return nil, false
	}
	return c, true
}

// maxCalcDepth bounds the nesting of parentheses and functions (a hostile style sheet).
const maxCalcDepth = 32

type calcParser struct {
	toks         []calcToken
	i            int
	depth        int
	allowPercent bool
}

func (p *calcParser) peek() (calcToken, bool) {
	if p.i < len(p.toks) {
		return p.toks[p.i], true
	}
	return calcToken{}, false
}

// sum parses <calc-sum> = <calc-product> [ [ '+' | '-' ] <calc-product> ]*, where + and -
// must have whitespace on both sides.
func (p *calcParser) sum() (*Calc, bool) {
	first, ok := p.product()
	if !ok {
		return nil, false
	}
	terms := []*Calc{first}
	for {
		t, ok := p.peek()
		if !ok || t.kind != '+' && t.kind != '-' {
			break
		}
		next := p.i + 1
		if !t.space || next >= len(p.toks) || !p.toks[next].space {
			return nil, false
		}
		p.i++
		c, ok := p.product()
		if !ok || c.IsNum != first.IsNum {
			return nil, false // a number added to a length
		}
		if t.kind == '-' {
			c = scaleCalc(c, -1)
		}
		terms = append(terms, c)
	}
	if len(terms) == 1 {
		return first, true
	}
	if first.IsNum {
		v := 0.0
		for _, t := range terms {
			v += t.Num
		}
		return numCalc(v), true
	}
	return &Calc{Op: CalcSum, Args: terms, Pct: anyPct(terms)}, true
}

// product parses <calc-product> = <calc-value> [ [ '*' | '/' ] <calc-value> ]*: at most one
// factor is a length, and a divisor is a number.
func (p *calcParser) product() (*Calc, bool) {
	c, ok := p.value()
	if !ok {
		return nil, false
	}
	for {
		t, ok := p.peek()
		if !ok || t.kind != '*' && t.kind != '/' {
			return c, true
		}
		p.i++
		d, ok := p.value()
		if !ok {
			return nil, false
		}
		switch {
		case t.kind == '/' && !d.IsNum:
			return nil, false // division by a length
		case t.kind == '/':
			c = scaleCalc(c, 1/d.Num)
		case c.IsNum && d.IsNum:
			c = numCalc(c.Num * d.Num)
		case c.IsNum:
			c = scaleCalc(d, c.Num)
		case d.IsNum:
			c = scaleCalc(c, d.Num)
		default:
			return nil, false // a length times a length
		}
	}
}

// value parses <calc-value>: a number, a dimension, a percentage, a parenthesized sum, or
// a nested math function.
func (p *calcParser) value() (*Calc, bool) {
	t, ok := p.peek()
	if !ok {
		return nil, false
	}
	p.i++
	switch t.kind {
	case 'n':
		if n, ok := ParseNumber(t.text); ok {
			return numCalc(clampFloat(n)), true
		}
		if strings.HasSuffix(t.text, "%") && !p.allowPercent {
			return nil, false
		}
		l, ok := ParseLength(t.text, true, false, true)
		if !ok {
			return nil, false
		}
		l.V = clampFloat(l.V)
		return &Calc{Len: l, Pct: l.U == Percent}, true
	case 'c':
		return numCalc(calcConstants[t.text]), true
	case '(':
		return p.group("calc")
	case 'f':
		switch t.text {
		case "calc", "min", "max", "clamp":
			return p.group(t.text)
		}
	}
	return nil, false
}

// group parses the arguments of a function (or a parenthesized sum, as calc) up to its ')'.
func (p *calcParser) group(name string) (*Calc, bool) {
	p.depth++
	if p.depth > maxCalcDepth {
		return nil, false
	}
	var args []*Calc
	for {
		c, ok := p.sum()
		if !ok {
			return nil, false
		}
		if len(args) > 0 && c.IsNum != args[0].IsNum {
			return nil, false // min(10px, 5): arguments of different types
		}
		args = append(args, c)
		t, ok := p.peek()
		if !ok {
			break // the end of the value closes every open function and parenthesis
		}
		p.i++
		if t.kind == ')' {
			break
		}
		if t.kind != ',' || name == "calc" {
			return nil, false
		}
	}
	p.depth--
	switch name {
	case "calc":
		if len(args) != 1 {
			return nil, false
		}
		return args[0], true
	case "clamp":
		if len(args) != 3 {
			return nil, false
		}
	default:
		if len(args) == 1 {
			return args[0], true // CHROME: max(10%) is calc(10%) (testdata/dom/math_percent_values)
		}
	}
	if args[0].IsNum {
		v := args[0].Num
		switch name {
		case "min":
			for _, a := range args[1:] {
				v = math.Min(v, a.Num)
			}
		case "max":
			for _, a := range args[1:] {
				v = math.Max(v, a.Num)
			}
		default:
			v = math.Max(args[0].Num, math.Min(args[1].Num, args[2].Num))
		}
		return numCalc(v), true
	}
	op := map[string]CalcOp{"min": CalcMin, "max": CalcMax, "clamp": CalcClamp}[name]
	return &Calc{Op: op, Args: args, Pct: anyPct(args)}, true
}

// Linear reports an expression whose percentages are only added and scaled (none inside
// a min(), max() or clamp()): it computes to a length plus a percentage.
func (c *Calc) Linear() bool {
	switch c.Op {
	case CalcLeaf:
		return true
	case CalcSum, CalcScale:
		for _, a := range c.Args {
			if !a.Linear() {
				return false
			}
		}
		return true
	}
	return !c.Pct
}

// clampFloat clamps a number written in a math function to the range of a float.
// CHROME: Blink keeps a number as a float, so calc(1e308px * 1e308) is 1.15792e+77px: each
// number is clamped before they are multiplied (testdata/dom/calc_lengths).
func clampFloat(v float64) float64 { return max(min(v, math.MaxFloat32), -math.MaxFloat32) }

func numCalc(v float64) *Calc { return &Calc{IsNum: true, Num: v} }

// scaleCalc is c times k (a number times a number is folded).
func scaleCalc(c *Calc, k float64) *Calc {
	if c.IsNum {
		return numCalc(c.Num * k)
	}
	return &Calc{Op: CalcScale, Args: []*Calc{c}, Num: k, Pct: c.Pct}
}

func anyPct(cs []*Calc) bool {
	for _, c := range cs {
		if c.Pct {
			return true
		}
	}
	return false
}

// Simplify evaluates the expression once its lengths are px (px of a length other than a
// percentage): a sum of lengths and percentages gives its px and its percentage (hasPct:
// a percentage occurs); a min(), max() or clamp() of lengths alone gives its px. linear is
// false when a min(), max() or clamp() has a percentage, which only the percentage's
// basis can resolve (Resolve). https://drafts.csswg.org/css-values-4/#calc-simplification
func (c *Calc) Simplify(px func(Length) float64) (v, pct float64, linear bool) {
	switch c.Op {
	case CalcLeaf:
		if c.Len.U == Percent {
			return 0, c.Len.V, true
		}
		return px(c.Len), 0, true
	case CalcSum:
		for _, a := range c.Args {
			av, ap, ok := a.Simplify(px)
			if !ok {
				return 0, 0, false
			}
			v, pct = v+av, pct+ap
		}
		return v, pct, true
	case CalcScale:
		av, ap, ok := c.Args[0].Simplify(px)
		if ap != 0 { // a length alone has no percentage, even times infinity
			ap *= c.Num
		}
		if av != 0 {
			av *= c.Num
		}
		return av, ap, ok
	}
	if c.Pct {
		return 0, 0, false
	}
	return c.Resolve(px, 0), 0, true
}

// Resolve evaluates the expression in px, its percentages of base.
func (c *Calc) Resolve(px func(Length) float64, base float64) float64 {
	switch c.Op {
	case CalcLeaf:
		if c.Len.U == Percent {
			return c.Len.V * base / 100
		}
		return px(c.Len)
	case CalcSum:
		v := 0.0
		for _, a := range c.Args {
			v += a.Resolve(px, base)
		}
		return v
	case CalcScale:
		return c.Args[0].Resolve(px, base) * c.Num
	case CalcBlend:
		v := c.Len.V + c.Num*base/100
		for _, a := range c.Args {
			v += a.Resolve(px, base)
		}
		return v
	case CalcMin, CalcMax:
		v := c.Args[0].Resolve(px, base)
		for _, a := range c.Args[1:] {
			if c.Op == CalcMin {
				v = math.Min(v, a.Resolve(px, base))
			} else {
				v = math.Max(v, a.Resolve(px, base))
			}
		}
		return v
	}
	lo, mid, hi := c.Args[0].Resolve(px, base), c.Args[1].Resolve(px, base), c.Args[2].Resolve(px, base)
	return math.Max(lo, math.Min(mid, hi))
}

// calcTerm is one term of a simplified sum: coef of a unit (node nil) or of a min(), max()
// or clamp() node.
type calcTerm struct {
	unit Unit
	node *Calc
	coef float64
}

// terms flattens the expression into a sum of terms, times k: the products are
// distributed over sums and like units added (css-values-4 §10.10's simplification).
func (c *Calc) terms(k float64, out []calcTerm) []calcTerm {
	switch c.Op {
	case CalcLeaf:
		for i := range out {
			if out[i].node == nil && out[i].unit == c.Len.U {
				out[i].coef += k * c.Len.V
				return out
			}
		}
		return append(out, calcTerm{unit: c.Len.U, coef: k * c.Len.V})
	case CalcSum:
		for _, a := range c.Args {
			out = a.terms(k, out)
		}
		return out
	case CalcScale:
		if a := c.Args[0]; a.Op == CalcSum && !a.Linear() && k*c.Num != 1 {
			// CHROME: a product is not distributed over a sum with a function in it:
			// calc(0.5 * (1px + min(10%, 5px))) (testdata/dom/math_percent_values).
			return append(out, calcTerm{node: a, coef: k * c.Num})
		}
		return c.Args[0].terms(k*c.Num, out)
	}
	// A min(), max() or clamp() of px alone is its value (max(1px, 3px) is 3px).
	folded := true
	for _, a := range c.Args {
		ts := a.terms(1, nil)
		folded = folded && len(ts) == 1 && ts[0].node == nil && ts[0].unit == Px
	}
	if folded {
		v := c.Resolve(func(l Length) float64 { return l.V }, 0)
		return (&Calc{Len: PxLength(v)}).terms(k, out)
	}
	return append(out, calcTerm{node: c, coef: k})
}

// unitNames are the specified units as written.
var unitNames = [...]string{Px: "px", Percent: "%", Em: "em", Rem: "rem", Vw: "vw", Vh: "vh", Ex: "ex", Ch: "ch"}

// Serialize writes a specified math function as Chrome's CSSOM does: a sum simplified,
// its percentage first and then its dimensions by unit, in calc() (a min(), max() or clamp()
// alone as itself). https://drafts.csswg.org/css-values-4/#serialize-a-math-function
func (c *Calc) Serialize() string {
	ts := c.terms(1, nil)
	if len(ts) == 1 && ts[0].node != nil && ts[0].coef == 1 {
		return ts[0].node.serializeFunction()
	}
	return "calc(" + serializeTerms(ts) + ")"
}

func (c *Calc) serializeFunction() string {
	if c.Op == CalcSum {
		return "(" + serializeTerms(c.terms(1, nil)) + ")"
	}
	name := map[CalcOp]string{CalcMin: "min(", CalcMax: "max(", CalcClamp: "clamp("}[c.Op]
	var b strings.Builder
	b.WriteString(name)
	for i, a := range c.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		ts := a.terms(1, nil)
		if len(ts) == 1 && ts[0].node != nil && ts[0].coef == 1 {
			b.WriteString(ts[0].node.serializeFunction())
		} else {
			b.WriteString(serializeTerms(ts))
		}
	}
	b.WriteString(")")
	return b.String()
}

// serializeTerms writes a sum's terms: the percentage, the dimensions by unit name, then
// the functions, each after " + " or " - ".
func serializeTerms(ts []calcTerm) string {
	rank := func(t calcTerm) string {
		switch {
		case t.node != nil:
			return "~"
		case t.unit == Percent:
			return ""
		}
		return unitNames[t.unit]
	}
	sorted := make([]calcTerm, 0, len(ts))
	for _, t := range ts {
		i := len(sorted)
		for i > 0 && rank(sorted[i-1]) > rank(t) {
			i--
		}
		sorted = append(sorted, calcTerm{})
		copy(sorted[i+1:], sorted[i:])
		sorted[i] = t
	}
	var b strings.Builder
	for i, t := range sorted {
		coef := t.coef
		if i > 0 {
			if coef < 0 || coef == 0 && math.Signbit(coef) {
				b.WriteString(" - ")
				coef = -coef
			} else {
				b.WriteString(" + ")
			}
		}
		if t.node != nil {
			if coef != 1 && len(sorted) == 1 { // calc(0.5 * min(50%, 100px))
				b.WriteString(FormatNumber(coef) + " * " + t.node.serializeFunction())
			} else if coef != 1 { // CHROME: a product in a sum is parenthesized
				b.WriteString("(" + FormatNumber(coef) + " * " + t.node.serializeFunction() + ")")
			} else {
				b.WriteString(t.node.serializeFunction())
			}
			continue
		}
		switch {
		case math.IsInf(coef, 0) || coef != coef: // css-values-4 §10.13: infinity * 1px
			n := map[bool]string{true: "infinity", false: "-infinity"}[coef > 0]
			if coef != coef {
				n = "NaN"
			}
			b.WriteString(n + " * 1" + unitNames[t.unit])
		default:
			b.WriteString(FormatNumber(coef) + unitNames[t.unit])
		}
	}
	return b.String()
}

// SerializeMathIn serialises every math function inside a value (a transform function's
// arguments) as Serialize does; false when one is invalid.
func SerializeMathIn(v string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(v); {
		if (i == 0 || strings.IndexByte("(, ", v[i-1]) >= 0) && IsMathFunction(asciiLower(v[i:min(i+6, len(v))])) {
			depth, j := 0, i
			for ; j < len(v); j++ {
				if v[j] == '(' {
					depth++
				} else if v[j] == ')' {
					if depth--; depth == 0 {
						j++
						break
					}
				}
			}
			c, ok := ParseCalc(asciiLower(v[i:j]), true)
			if !ok {
				return "", false
			}
			b.WriteString(c.Serialize())
			i = j
			continue
		}
		b.WriteByte(v[i])
		i++
	}
	return b.String(), true
}

// Absolute is the expression with its lengths other than percentages in px (its computed
// form: min(10px, 2em, 10%) is min(10px, 20px, 10%) at a 10px font size).
// https://drafts.csswg.org/css-values-4/#calc-computed-value
func (c *Calc) Absolute(px func(Length) float64) *Calc {
	out := *c
	if c.Op == CalcLeaf {
		if !c.IsNum && c.Len.U != Percent {
			out.Len = PxLength(px(c.Len))
		}
		return &out
	}
	out.Args = make([]*Calc, len(c.Args))
	for i, a := range c.Args {
		out.Args[i] = a.Absolute(px)
	}
	return &out
}

// Equal reports two expressions of the same tree.
func (c *Calc) Equal(d *Calc) bool {
	if c == d {
		return true
	}
	if c == nil || d == nil || c.Op != d.Op || c.IsNum != d.IsNum || c.Len.V != d.Len.V || c.Len.U != d.Len.U ||
		c.Num != d.Num || c.Pct != d.Pct || c.Plain != d.Plain || c.PlainPx != d.PlainPx || len(c.Args) != len(d.Args) {
		return false
	}
	for i, a := range c.Args {
		if !a.Equal(d.Args[i]) {
			return false
		}
	}
	return true
}

// Blend interpolates two <length-percentage>s of which one at least is a math function
// that is not a sum of a length and a percentage (a min(), max() or clamp() of a percentage):
// a·(1 - t) + b·t, as Chrome makes it. The lengths and percentages of both (and of a sum
// times 1) are added into one plain part, written first; each other expression is a product
// kept whole (0.75 * (20px + min(50%, 100px))), a product of a product folded. a and b hold
// px and percentages only (Absolute). https://drafts.csswg.org/css-values-4/#combine-math
// CHROME: the plain part is written with its percentage always, and its length when an
// endpoint had one other than 0px (calc(0% + 0px + min(50%, 100px)) from min(50%, 100px) to
// 10px at 0; testdata/dom/math_percent_values).
func Blend(a, b *Calc, t float64) *Calc {
	out := &Calc{Op: CalcBlend, Pct: true}
	out.blendIn(a, 1-t)
	out.blendIn(b, t)
	return out
}

func (out *Calc) blendIn(c *Calc, k float64) {
	switch {
	case c.Op == CalcLeaf:
		out.Plain = true
		if c.Len.U == Percent {
			out.Num += k * c.Len.V
			return
		}
		out.PlainPx = out.PlainPx || c.Len.V != 0
		out.Len.V += k * c.Len.V
	case c.Op == CalcScale:
		out.blendIn(c.Args[0], k*c.Num)
	case c.Op == CalcSum && (k == 1 || c.Linear()): // a sum of lengths and percentages is plain
		for _, a := range c.Args {
			out.blendIn(a, k)
		}
	case k == 1 && c.Op == CalcBlend:
		out.Plain, out.PlainPx = out.Plain || c.Plain, out.PlainPx || c.PlainPx
		out.Num, out.Len.V = out.Num+c.Num, out.Len.V+c.Len.V
		out.Args = append(out.Args, c.Args...)
	default:
		out.Args = append(out.Args, &Calc{Op: CalcScale, Args: []*Calc{c}, Num: k, Pct: c.Pct})
	}
}

// SerializeComputed writes a computed math function as getComputedStyle does: as Serialize,
// and an interpolation's sum in its own form (Blend).
func (c *Calc) SerializeComputed() string {
	if c.Op != CalcBlend {
		return c.Serialize()
	}
	var parts []string
	if c.Plain {
		parts = append(parts, FormatNumber(c.Num)+"%")
		if c.PlainPx {
			parts = append(parts, FormatPx(c.Len.V))
		}
	}
	for _, a := range c.Args {
		x := a.Args[0]
		var s string
		switch x.Op {
		case CalcMin, CalcMax, CalcClamp:
			s = x.serializeFunction()
		case CalcBlend:
			s = "(" + strings.TrimSuffix(strings.TrimPrefix(x.SerializeComputed(), "calc("), ")") + ")"
		default:
			s = "(" + serializeTerms(x.terms(1, nil)) + ")"
		}
		if a.Num != 1 {
			s = "(" + FormatNumber(a.Num) + " * " + s + ")"
		}
		parts = append(parts, s)
	}
	var b strings.Builder
	b.WriteString("calc(")
	for i, p := range parts {
		if i > 0 {
			if strings.HasPrefix(p, "-") && !strings.HasPrefix(p, "(") {
				b.WriteString(" - ")
				p = p[1:]
			} else {
				b.WriteString(" + ")
			}
		}
		b.WriteString(p)
	}
	b.WriteString(")")
	return b.String()
}

// Used evaluates a computed expression (lengths in px, Absolute) in px, its percentages of
// base. CHROME: Blink evaluates a calculation in float, each node's result rounded to a
// float: calc((min(100%, 500px) - max(10%, 2em)) / 3) of 400px is 120px, not the
// 119.99999999999999 of doubles that layout's 1/64 px truncates to 119.984375px
// (testdata/dom/math_percent_nested).
func (c *Calc) Used(base float64) float64 { return float64(c.used(float32(base))) }

func (c *Calc) used(base float32) float32 {
	switch c.Op {
	case CalcLeaf:
		if c.Len.U == Percent {
			return float32(c.Len.V) / 100 * base
		}
		return float32(c.Len.V)
	case CalcSum:
		var v float32
		for _, a := range c.Args {
			v += a.used(base)
		}
		return v
	case CalcScale:
		return c.Args[0].used(base) * float32(c.Num)
	case CalcBlend:
		v := float32(c.Len.V) + float32(c.Num)/100*base
		for _, a := range c.Args {
			v += a.used(base)
		}
		return v
	case CalcMin, CalcMax:
		v := c.Args[0].used(base)
		for _, a := range c.Args[1:] {
			if c.Op == CalcMin {
				v = min(v, a.used(base))
			} else {
				v = max(v, a.used(base))
			}
		}
		return v
	}
	return max(c.Args[0].used(base), min(c.Args[1].used(base), c.Args[2].used(base)))
}
