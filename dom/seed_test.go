package dom

import "testing"

// The opening example of seed 000 ("浏览器中的Event Loops"), run unchanged. Its printed
// answer lists "execute requestIdleCallback", which the idle issue completes: the fake host
// stubs requestIdleCallback, so that one line is absent here.
func TestSeed000OpeningExample(t *testing.T) {
	const script = `
    const dom = document.getElementById('container')

    var config = { attributes: true, childList: true, subtree: true };

    var callback = function(mutationsList, observer) {
        for(var mutation of mutationsList) {
            if (mutation.type == 'childList') {
                console.log('MutationObserver event callback')
                setTimeout(() => {
                    console.log('setTimeout callback in MutationObserver')
                })
                Promise.resolve().then(() => {
                    console.log('promise callback in MutationObserver')
                })
            }
        }
    };

    var observer = new MutationObserver(callback);

    observer.observe(dom, config);

    setTimeout(() => {
        console.log('setTimeout callback')
    })

    Promise.resolve().then(() => {
        console.log('promise callback before MutationObserver')
    })

    console.log('before trigger MutationObserver')
    const span = document.createElement('span')
    span.textContent = 'hello'
    dom.appendChild(span)

    const rAF = window.requestAnimationFrame(() => {
        console.log('execute rAF')
    })

    const idle = window.requestIdleCallback(() => {
        console.log('execute requestIdleCallback')
    }, {timeout: 2000})

    Promise.resolve(555).then(() => {
        console.log('promise callback after MutationObserver')
    });

    const dd = async () => {
        console.log('before: await');
        const q = Promise.resolve(55).then(() => {
        console.log('then q')
        });
        await q;
        console.log('after:await q');
        q.then(() => {
        console.log('after:await q then')
        })
    }
    dd();

    setTimeout(() => {
        console.log('disconnect')
        observer.disconnect();
    })
    setTimeout(() => {
        window.cancelAnimationFrame(rAF)
        console.log('calcel rAF')
    })
    setTimeout(() => {
        window.cancelIdleCallback(idle)
        console.log('calcel requestIdleCallback')
    }, 2000)
`
	got := runPage(t, page(`<div id="container"></div>`, script), Options{})
	expectLog(t, got,
		"before trigger MutationObserver",
		"before: await",
		"promise callback before MutationObserver",
		"MutationObserver event callback",
		"promise callback after MutationObserver",
		"then q",
		"promise callback in MutationObserver",
		"after:await q",
		"after:await q then",
		"execute rAF",
		"setTimeout callback",
		"disconnect",
		"calcel rAF",
		"setTimeout callback in MutationObserver",
		"calcel requestIdleCallback",
	)
}

// location.search must work for the seed's requestIdleCallback demo URL (?span=200).
func TestLocationSearch(t *testing.T) {
	got := runPage(t, page("", `
		const span = +location.search.match(/^\?span=(\d+)/)[1];
		console.log(span, location.pathname, location.protocol, location.href, location.hash === '', String(location));
	`), Options{})
	expectLog(t, got, "200 /test/page.html file: file:///test/page.html?span=200 true file:///test/page.html?span=200")
}
