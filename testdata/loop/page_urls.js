// An external script of page_urls.html: its stack frames name its own file URL; Chrome mutes
// its errors (a file: URL is an opaque origin, so the page's error event says "Script error.").
const scriptURL = location.href.replace(/[^/]*$/, 'page_urls.js');
console.log('external script: currentScript.src is its URL ' + (document.currentScript.src === scriptURL) +
  ', stack frame names it ' + new Error('x').stack.split('\n')[1].includes(scriptURL + ':'));
window.addEventListener('error', (e) => console.log('error event of the external script: message ' + e.message +
  ', filename ' + JSON.stringify(e.filename) + ', lineno ' + e.lineno + ', colno ' + e.colno + ', error ' + e.error), { once: true });
notDefinedEither();
