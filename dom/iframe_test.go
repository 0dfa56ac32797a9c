package dom_test

import (
	"strconv"
	"strings"
	"testing"

	"loopscope/loop"
)

// TestIframesAreBounded: a page that inserts more iframes than it may give documents to
// (64) gets one console error for each iframe past them, iframes without a document
// (contentWindow null) and a page that goes on; removing iframes gives their places back.
func TestIframesAreBounded(t *testing.T) {
	tp := loadPage(t, `<body><script>
		var frames = [];
		for (let i = 0; i < 70; i++) { const f = document.createElement('iframe'); document.body.append(f); frames.push(f); }
		console.log('with a window', frames.filter(f => f.contentWindow).length, window.length);
		for (let i = 0; i < 10; i++) frames[i].remove();
		const again = document.createElement('iframe'); document.body.append(again);
		console.log('after removing ten', !!again.contentWindow, window.length);
	</script>`, loop.ModeSpec)
	got := strings.Join(tp.con.lines(), "\n")
	if n := strings.Count(got, "a page has at most 64 iframes"); n != 6 {
		t.Errorf("%d errors for the iframes past the limit, want 6:\n%s", n, got)
	}
	for _, want := range []string{"with a window 64 64", "after removing ten true 55"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
}

// ChildDocuments lists the iframes' documents in shadow-including tree order (the order the
// rendering update takes them): iframes placed at random among random elements and in
// shadow trees, some inserted before others, come out in the order of a shadow-including
// preorder walk.
func TestChildDocumentsInShadowIncludingTreeOrder(t *testing.T) {
	for seed := 1; seed <= 5; seed++ {
		tp := loadPage(t, `<body><script>
			let s = `+strconv.Itoa(seed)+`;
			const rand = (n) => { s = (s * 1103515245 + 12345) % 2147483648; return s % n; };
			const nodes = [document.body];
			for (let i = 0; i < 200; i++) {
				const el = document.createElement(rand(4) ? "div" : "span");
				const parent = nodes[rand(nodes.length)];
				parent.insertBefore(el, parent.childNodes[rand(parent.childNodes.length + 1)] || null);
				nodes.push(el);
				if (rand(12) === 0) nodes.push(el.attachShadow({mode: "open"}));
			}
			for (let i = 0; i < 40; i++) {
				const f = document.createElement("iframe");
				f.id = "f" + i;
				const parent = nodes[rand(nodes.length)];
				parent.insertBefore(f, parent.childNodes[rand(parent.childNodes.length + 1)] || null);
			}
			const order = [];
			(function walk(n) {
				if (n.localName === "iframe") order.push(n.id);
				if (n.shadowRoot) walk(n.shadowRoot);
				for (const c of n.childNodes) walk(c);
			})(document);
			console.log(order.join(","));
		</script>`, loop.ModeSpec)
		lines := tp.con.lines()
		if len(lines) != 1 {
			t.Fatalf("seed %d: %q", seed, lines)
		}
		var got []string
		for _, c := range tp.p.Doc.ChildDocuments() {
			id, _ := c.Container().GetAttribute("id")
			got = append(got, id)
		}
		if strings.Join(got, ",") != lines[0] {
			t.Errorf("seed %d: ChildDocuments in the order\n%s\nwant\n%s", seed, strings.Join(got, ","), lines[0])
		}
	}
}
