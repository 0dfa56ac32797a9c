package render

import (
	"image"
	"math"
	"sync"

	"golang.org/x/net/html"

	"loopscope/css"
)

// Source is the live document the engine renders. The engine reads the tree, never
// writes it, and only from the goroutine that calls the Engine's methods.
type Source interface {
	Root() *html.Node // the document node
	Version() uint64  // bumped on every DOM mutation that may change rendering
}

// Rect is a rectangle in CSS px, like a DOMRect.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether the point lies inside r (right and bottom edges excluded).
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// intersect returns the overlap of two rectangles (possibly empty).
func (r Rect) intersect(o Rect) Rect {
	x0, y0 := math.Max(r.X, o.X), math.Max(r.Y, o.Y)
	x1, y1 := math.Min(r.X+r.W, o.X+o.W), math.Min(r.Y+r.H, o.Y+o.H)
	return Rect{x0, y0, math.Max(0, x1-x0), math.Max(0, y1-y0)}
}

// Engine renders one document: style, layout, paint, transitions, hit testing.
// All methods except Recycle must be called from one goroutine.
type Engine struct {
	src           Source
	width, height int
	fonts         *fontCache

	// style
	uaRules          []styleRule
	rules            []styleRule // UA rules then author rules, in cascade order
	sheets           map[*html.Node]*sheetCache
	states           map[*html.Node]*elementState
	gen              uint32 // cascade generation
	styled           bool
	styledVersion    uint64
	resizedForStyle  bool // vw/vh units need a new cascade
	resizedForLayout bool
	index            ruleIndex // rules by their rightmost compound (ruleindex.go)
	candidates       []int32
	matched          []*styleRule
	winners          [css.NumProps]*css.Value
	hints            []css.Declaration // the presentational hints of the element being cascaded
	rootStyle        computedStyle

	// transitions and animations
	now           float64
	running       []*transition
	animated      []*elementState // states whose used style carries animated values
	animMark      uint32          // marks the states in animated (elementState.animMark)
	snapMark      uint32          // marks the states snapped by applyAnimationsTracked
	anims         []*Animation    // CSS and script animations that may still change or apply
	animSeq       uint64          // creation order of transitions and animations
	keyframes     map[string]*css.KeyframesRule
	pendingEvents []AnimationEvent // the document's pending animation event queue
	// listened says whether an event of a type is sent at all (SetAnimationEventFilter).
	listened           func(typ string) bool
	droppedEvents      int
	settled            []*Animation
	settledTransitions []*transition // the CSSTransitions whose finished promise resolves
	animVersion        uint64
	// animEpoch changes whenever an animation changes other than by its timeline's time
	// (its timing, effect, start or hold time, playback rate, pending tasks): the update
	// steps skip an animation only while it is what it was (Animation.quietSpan).
	animEpoch uint64
	// quietUntil is, for each animation of anims, the end of its quiet span (quietSpan),
	// found when animEpoch was quietEpoch.
	quietUntil []float64
	quietEpoch uint64
	// animStateGen changes when the update of animations changed an animation's start
	// time, hold time or playback rate (a pending task ran, it finished).
	animStateGen uint64
	// appliedAnimVersion is the animVersion the used styles were last computed at;
	// animatedLive says whether a value applied then changes with time.
	appliedAnimVersion uint64
	animatedLive       bool
	// compositedOnly: the values the last application set are all opacity and transform
	// values (compositor.go: the next frame may take the compositor's path).
	compositedOnly  bool
	wasAnimated     []*elementState // e.animated before the compositor's application
	plan            compositorPlan  // the compositor's next frames (compositor.go)
	needFrames      bool            // animationsNeedFrames, while needFramesKnown
	needFramesKnown bool
	damage          damageLevel // how far the style changes since the last layout reach

	// layout
	root        *box // the initial containing block's child: the root element's box
	laidOut     bool
	layoutGen   uint32
	abs         []*box // out-of-flow boxes waiting for their containing block
	relaid      bool   // the layout changed since the last paint
	xsScratch   []float64
	spanScratch []lineSpan

	// paint
	// frames gives an iframe's document's last painted frame (SetFrameSource); nil: none.
	frames            func(iframe *html.Node) *image.RGBA
	transparentCanvas bool // SetTransparentCanvas: an iframe's document
	list              []displayItem
	hits              []hitItem
	clips             []Rect // overflow clips while the display list is built
	canvas            canvasColor
	focusRing         image.Rectangle // the :focus-visible element's ring, painted last (focusring.go)
	lastFrame         *image.RGBA
	pool              chan *image.RGBA
	ages              frameAges // what each recycled frame still shows (frameages.go)
	layers            []*image.RGBA
	chunks            []listChunk // the display list's chunks for partial rasters (rasterchunks.go)
	chunksGen         uint32
	chunksLen         int
	// placed keeps, for each translated stacking context of the display list, what it was
	// painted with (compositor.go), so a new translation paints it again in place.
	placed     map[*box]int32 // its index in placedAt
	placedAt   []placedContext
	placings   uint64 // counts the changes of placedAt (the compositor's plan keeps copies)
	repaintAt  int32  // the index of the context painted again (replaceContext), or -1
	layerDepth int    // the opacity groups open while the display list is built
	outerLayer int32  // the outermost one's push item
	// dirtyGroups are the opacity groups whose bounds a shift of a context inside changed
	// (their push items), set again by settleGroups.
	dirtyGroups map[int32]struct{}
	relocate    int32 // while a context is painted again at the list's end: its items' offset from their place
	hitRelocate int32
	repainting  bool
	shifting    shiftCheck // while a translated context is painted: whether it can be shifted (compositor.go)
	mu          sync.Mutex // guards lastFrame against Recycle

	// invalidation (invalidation.go, damagelevel.go, paintdamage.go)
	inv         invalidation
	frameDamage image.Rectangle // where the last Paint's frame differs from the one before (FrameDamage)
	dirtyBoxes  []*box          // boxes whose style changed their geometry since the last layout
	relayoutAll bool            // a geometry change not traced to a box: lay out every box
	boxPatches  []*html.Node    // elements whose content changed since the last layout (boxpatch.go)
	rebuildAll  bool            // a change that needs the whole box tree built again
	patchMark   uint32          // numbers the box tree patches (boxpatch.go)
	patching    bool            // a patch is building boxes: buildChildren keeps unchanged ones
	painted     []displayItem   // the display list lastFrame was rastered from
	listFresh   bool            // list was built since the last Paint (painted is the one before)
	paintedBase canvasColor     // the canvas lastFrame was rastered with
	listGen     uint32          // numbers the display lists built

	// scrolling (scroll.go)
	scrollX, scrollY float64 // the viewport's scroll position
	scrollDirty      bool    // a scroll position changed since the display list was built
	elemScrolled     bool    // an element's (not the viewport's) scroll position changed
	listScrollX      float64 // the viewport's scroll position the display list was built at
	listScrollY      float64
	listFixed        bool        // the display list has fixed boxes (a scroll rebuilds it)
	topLayer         []*box      // the top layer's boxes in the display list, bottom first (toplayer.go)
	uaBackdrop       []styleRule // the UA sheet's ::backdrop rules
	backdropRules    []styleRule // the ::backdrop rules, UA then author, in cascade order (toplayer.go)
	paintedOff       image.Point // the list offset lastFrame was rastered with
	rasterOff        image.Point // the list offset of the raster in progress
	geomGen          uint32      // numbers the layouts (geometry computed again)
	docOverflow      Rect
	docOverflowGen   uint32
}

// NewEngine returns an engine for src with a viewport of width × height px.
func NewEngine(src Source, width, height int) *Engine {
	fc, err := newFontCache()
	if err != nil {
		fc = &fontCache{faces: map[fontKey]*face{}} // unreachable with the embedded fonts; text then draws nothing
	}
	var ua, backdrop []styleRule
	for _, r := range parseStyleSheet(uaStyleSheet, 0) {
		r.ua = true
		if r.backdrop {
			backdrop = append(backdrop, r)
		} else {
			ua = append(ua, r)
		}
	}
	e := newEngine(src, fc, ua, width, height)
	e.uaBackdrop = backdrop
	return e
}

// NewFrameEngine returns an engine for src, an iframe's document, with a viewport of
// width × height px, that shares e's parsed fonts and faces and its parsed UA style sheet
// (both only read, or filled, from the one goroutine that calls the engines' methods): an
// engine of its own costs an iframe no fonts of its own.
func (e *Engine) NewFrameEngine(src Source, width, height int) *Engine {
	f := newEngine(src, e.fonts, e.uaRules, width, height)
	f.uaBackdrop = e.uaBackdrop
	return f
}

func newEngine(src Source, fc *fontCache, ua []styleRule, width, height int) *Engine {
	e := &Engine{
		src:       src,
		fonts:     fc,
		uaRules:   ua,
		sheets:    make(map[*html.Node]*sheetCache),
		states:    make(map[*html.Node]*elementState),
		keyframes: make(map[string]*css.KeyframesRule),
		placed:    make(map[*box]int32),
		repaintAt: -1,
		pool:      make(chan *image.RGBA, 3),
	}
	e.Resize(width, height)
	return e
}

// Resize changes the viewport size; the next frame is laid out and painted again.
func (e *Engine) Resize(width, height int) {
	e.flushPlan()
	width, height = max(width, 1), max(height, 1)
	if width == e.width && height == e.height {
		return
	}
	e.width, e.height = width, height
	e.resizedForStyle, e.resizedForLayout = true, true
}

// NeedsUpdate reports whether a rendering update would change anything: false when the
// document is unchanged since the last paint and no transition runs, so the loop can
// skip the "unnecessary rendering" of this frame.
// https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering
func (e *Engine) NeedsUpdate(now float64) bool {
	return e.lastFrame == nil || e.resizedForStyle || e.resizedForLayout || !e.styled || e.src.Version() != e.styledVersion ||
		len(e.running) > 0 || len(e.animated) > 0 && e.animatedLive || e.animationsNeedFrames() ||
		e.animVersion != e.appliedAnimVersion || e.damage != damageNone || e.relaid || e.scrollDirty
}

// BoxOf returns the border box of an element from the last layout (for inline
// elements, the union of their fragments), in viewport coordinates (scroll positions
// applied), as getBoundingClientRect does.
func (e *Engine) BoxOf(n *html.Node) (Rect, bool) {
	e.flushPlan()
	e.flushScroll()
	st := e.states[n]
	if st == nil || st.box == nil || st.boxGen != e.layoutGen || !e.laidOut {
		return Rect{}, false
	}
	b := st.box
	off := e.listOffset()
	return Rect{b.ax + b.tx - float64(off.X), b.ay + b.ty - float64(off.Y), b.w, b.h}, true
}

func round(v float64) int { return int(math.Floor(v + 0.5)) }
