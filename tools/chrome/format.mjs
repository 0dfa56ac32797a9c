// Console formatting: turns CDP Runtime.RemoteObject arguments into the one-line text that
// loopscope prints for a console message. loopscope's Go console implements exactly these rules.
//
// Chrome's DevTools front end renders console arguments from the RemoteObject and its
// ObjectPreview (ui/legacy/components/object_ui/RemoteObjectPreviewFormatter.ts); CDP itself
// gives no text. These rules reproduce the collapsed (one-line) rendering, as text:
//
// Message
//   - arguments are joined by one space;
//   - format specifiers: only when the first argument is a string AND more arguments follow,
//     %s %d %i %f %o %O %c in it consume the next argument (%s: formatted as a top-level
//     value; %d/%i: integer part of the number, NaN for non-numbers; %f: the number;
//     %o/%O: formatted as a top-level value; %c: consumed, prints nothing); %% prints %;
//     any other % sequence prints as is; arguments left over are appended, space separated.
//
// Top-level values (an argument itself)
//   - string: raw, no quotes;
//   - number: JS String(n), except negative zero prints "-0" (also NaN, Infinity, -Infinity);
//   - bigint: digits followed by "n" (e.g. 10n);
//   - boolean: true / false; undefined: undefined; null: null; symbol: Symbol(desc);
//   - function: "ƒ NAME()" (just the name; "ƒ ()" for an anonymous function);
//   - Error (any object whose subtype is error): the first line of its stack, e.g. "Error: boom",
//     "TypeError: x is not a function";
//   - DOM node: its CDP description, e.g. "div.outer", "div#box", "#text", "#document";
//   - array: "(N) [v1, v2, …]" where the "(N) " prefix appears only when N > 1, so [] → "[]",
//     [1] → "[1]", [1,'a'] → "(2) [1, 'a']"; holes render as "empty" / "empty × K";
//   - plain object (constructor Object): "{a: 1, b: 'x'}", {} → "{}";
//   - other objects with a preview: "CtorName {props}", e.g. "Foo {x: 1}", "Promise {<fulfilled>: 1}";
//     Map/Set: "Map(1) {'a' => 1}", "Set(2) {1, 2}";
//   - regexp, date and other objects without previewable properties: their CDP description
//     (e.g. "/a+/g").
//
// Values nested inside a preview (array elements, property values)
//   - string: single-quoted JS literal ('x'; "it's" uses double quotes when it contains a
//     single quote and no double quote; otherwise backticks; otherwise escaped single quotes);
//   - number/boolean/null/undefined/bigint/symbol: as at top level;
//   - function: "ƒ";
//   - plain object: "{…}"; other objects: their constructor name ("MutationRecord");
//     arrays: "Array(N)"; nodes: "div.outer"; errors: their description's first line.
//   - accessor properties are left out; a preview cut short (overflow) ends with ", …"
//     ("…" when nothing was listed). V8 puts at most 100 array elements / 5 object
//     properties in a preview.
//
// Uncaught errors (stderr): exceptionDetails.text ("Uncaught" or "Uncaught (in promise)")
// + " " + the thrown value formatted as a top-level value, e.g. "Uncaught Error: boom",
// "Uncaught (in promise) Error: late", "Uncaught boom" (a thrown string).

const SPECIFIER = /%([sdifoOc%])/g;

// formatMessage formats the args of one Runtime.consoleAPICalled event as one line.
export function formatMessage(args) {
  if (args.length === 0) return '';
  if (args[0].type === 'string' && args.length > 1) {
    let next = 1;
    const head = args[0].value.replace(SPECIFIER, (whole, spec) => {
      if (spec === '%') return '%';
      if (next >= args.length) return whole;
      const arg = args[next++];
      switch (spec) {
        case 'c':
          return '';
        case 'd':
        case 'i': {
          const n = numberOf(arg);
          return Number.isNaN(n) ? 'NaN' : formatNumber(Math.trunc(n));
        }
        case 'f': {
          const n = numberOf(arg);
          return Number.isNaN(n) ? 'NaN' : formatNumber(n);
        }
        default:
          return formatValue(arg);
      }
    });
    return [head, ...args.slice(next).map(formatValue)].join(' ');
  }
  return args.map(formatValue).join(' ');
}

function numberOf(arg) {
  if (arg.type !== 'number') return NaN;
  if ('value' in arg) return arg.value;
  return Number(arg.unserializableValue);
}

function formatNumber(n) {
  return Object.is(n, -0) ? '-0' : String(n);
}

// formatValue formats one top-level RemoteObject.
export function formatValue(o) {
  switch (o.type) {
    case 'string':
      return o.value;
    case 'number':
      if ('unserializableValue' in o) return o.unserializableValue;
      return formatNumber(o.value);
    case 'bigint':
      return o.unserializableValue ?? o.description;
    case 'boolean':
      return String(o.value);
    case 'undefined':
      return 'undefined';
    case 'symbol':
      return o.description;
    case 'function':
      return `ƒ ${functionName(o)}()`;
    case 'object':
      return formatObject(o);
    default:
      return o.description ?? String(o.value);
  }
}

// functionName recovers a function's name: the inspector fills it in (see nameFunctions in
// expect.mjs, which sets o.functionName); failing that, it is parsed from the source text.
function functionName(o) {
  if (typeof o.functionName === 'string') return o.functionName;
  const m = /^(?:async\s+)?(?:function\s*\*?\s*|class\s+)([\w$]+)/.exec(o.description ?? '');
  return m ? m[1] : '';
}

function firstLine(s) {
  const i = (s ?? '').indexOf('\n');
  return i < 0 ? (s ?? '') : s.slice(0, i);
}

function formatObject(o) {
  switch (o.subtype) {
    case 'null':
      return 'null';
    case 'error':
      return firstLine(o.description);
    case 'node':
      return o.description;
    case 'regexp':
    case 'date':
      return o.description;
  }
  if (!o.preview) return o.description;
  return formatPreview(o.preview);
}

function formatPreview(p) {
  const isArray = p.subtype === 'array' || p.subtype === 'typedarray';
  let prefix = '';
  if (isArray) {
    const n = arrayLength(p);
    const name = arrayName(p.description);
    prefix = (name === 'Array' ? '' : name) + (n > 1 ? `(${n})` : '');
  } else if (p.description && p.description !== 'Object') {
    prefix = p.description;
  }
  let items;
  if (p.entries) {
    items = p.entries.map(
      (e) => (e.key ? formatNested(e.key.type, e.key.subtype, e.key.description) + ' => ' : '') +
        formatNested(e.value.type, e.value.subtype, e.value.description),
    );
  } else if (isArray) {
    items = arrayItems(p);
  } else {
    items = objectItems(p);
  }
  let body = items.join(', ');
  if (p.overflow) body += items.length > 0 ? ', …' : '…';
  const open = isArray ? '[' : '{';
  const close = isArray ? ']' : '}';
  return (prefix ? prefix + ' ' : '') + open + body + close;
}

function arrayLength(p) {
  const m = /\[(\d+)\]|\((\d+)\)/.exec(p.description ?? '');
  if (!m) return 0;
  return Number(m[1] ?? m[2]);
}

function arrayName(description) {
  const d = description ?? '';
  const i = d.search(/[[(]/);
  return i < 0 ? d : d.slice(0, i);
}

function objectItems(p) {
  const rank = (prop) => {
    if (prop.name === '[[PromiseState]]') return 1;
    if (prop.name === '[[PromiseResult]]') return 2;
    if (prop.name === '[[PrimitiveValue]]' || prop.name === '[[GeneratorState]]') return 3;
    if (prop.type !== 'function' && !prop.name.startsWith('#')) return 4;
    return 5;
  };
  const props = p.properties.filter((x) => x.type !== 'accessor').sort((a, b) => rank(a) - rank(b));
  const items = [];
  for (let i = 0; i < props.length; i++) {
    const prop = props[i];
    if (p.subtype === 'promise' && prop.name === '[[PromiseState]]') {
      const result = props[i + 1]?.name === '[[PromiseResult]]' ? props[++i] : undefined;
      items.push(prop.value === 'pending' || !result
        ? `<${prop.value}>`
        : `<${prop.value}>: ${formatNested(result.type, result.subtype, result.value)}`);
    } else if (prop.name === '[[PrimitiveValue]]') {
      items.push(formatNested(prop.type, prop.subtype, prop.value));
    } else {
      items.push(`${propertyName(prop.name)}: ${formatNested(prop.type, prop.subtype, prop.value)}`);
    }
  }
  return items;
}

function propertyName(name) {
  return /^\s|\s$|^$|\n/.test(name) ? '"' + name.replace(/\n/g, '\u21B5') + '"' : name;
}

function arrayItems(p) {
  const n = arrayLength(p);
  const index = (name) => {
    const i = Number(name) >>> 0;
    return String(i) === name && i < n ? i : -1;
  };
  const indexed = p.properties.filter((x) => index(x.name) !== -1).sort((a, b) => index(a.name) - index(b.name));
  const others = p.properties.filter((x) => index(x.name) === -1);
  const showGaps = !p.overflow;
  const gap = (k) => (k === 1 ? 'empty' : `empty × ${k}`);
  const items = [];
  let last = -1;
  for (const prop of indexed) {
    const i = index(prop.name);
    if (showGaps && i - last - 1 > 0) items.push(gap(i - last - 1));
    const named = !showGaps && i !== items.length;
    items.push((named ? prop.name + ': ' : '') + formatNested(prop.type, prop.subtype, prop.value));
    last = i;
  }
  if (showGaps && n - last - 1 > 0) items.push(gap(n - last - 1));
  for (const prop of others) {
    if (prop.type === 'accessor') continue;
    items.push(`${propertyName(prop.name)}: ${formatNested(prop.type, prop.subtype, prop.value)}`);
  }
  return items;
}

// formatNested formats a PropertyPreview value (type, subtype, value-or-description).
function formatNested(type, subtype, value) {
  if (type === 'accessor') return '(...)';
  if (type === 'function') return 'ƒ';
  if (type === 'string') return jsLiteral(value ?? '');
  if (type === 'object') {
    if (subtype === 'error') return firstLine(value);
    if (!subtype) return value === 'Object' ? '{…}' : value;
  }
  return value;
}

// jsLiteral quotes a string the way DevTools does (Platform.StringUtilities.formatAsJSLiteral).
export function jsLiteral(s) {
  let quote = "'";
  if (s.includes("'")) {
    if (!s.includes('"')) quote = '"';
    else if (!s.includes('`') && !s.includes('${')) quote = '`';
  }
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0);
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
    else out += ch;
  }
  return quote + out + quote;
}
