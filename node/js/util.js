// util.inspect and util.format as node 20 prints them (lib/internal/util/inspect.js):
// default options (depth 2, breakLength 80, compact 3, 100 array items), no colours.
// Written for loopscope from node's documented output; evaluated once per realm.
(function (host) {
  'use strict';
  const kObject = 0, kArray = 1;
  const identRe = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
  const defaults = { depth: 2, breakLength: 80, compact: 3, maxArrayLength: 100, maxStringLength: 10000 };

  function strEscape(s) {
    let q = "'";
    if (s.includes("'")) {
      if (!s.includes('"')) q = '"';
      else if (!s.includes('`') && !s.includes('${')) q = '`';
    }
    let out = '';
    for (const ch of s) {
      const c = ch.codePointAt(0);
      if (ch === q || ch === '\\') out += '\\' + ch;
      else if (ch === '\n') out += '\\n';
      else if (ch === '\t') out += '\\t';
      else if (ch === '\r') out += '\\r';
      else if (ch === '\b') out += '\\b';
      else if (ch === '\f') out += '\\f';
      else if (ch === '\v') out += '\\v';
      else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).toUpperCase().padStart(2, '0');
      else out += ch;
    }
    return q + out + q;
  }

  function formatNumber(n) { return Object.is(n, -0) ? '-0' : String(n); }

  function formatPrimitive(v) {
    switch (typeof v) {
      case 'string': return strEscape(v);
      case 'number': return formatNumber(v);
      case 'bigint': return String(v) + 'n';
      case 'boolean': return String(v);
      case 'undefined': return 'undefined';
      case 'symbol': return v.toString();
    }
    return String(v);
  }

  function ctorName(o) {
    let p = o;
    while (p !== null) {
      const d = Object.getOwnPropertyDescriptor(p, 'constructor');
      if (d && typeof d.value === 'function' && d.value.name !== '') return d.value.name;
      p = Object.getPrototypeOf(p);
    }
    return null;
  }

  function formatValue(ctx, v, recurseTimes, typedArray) {
    if (typeof v !== 'object' && typeof v !== 'function') return formatPrimitive(v);
    if (v === null) return 'null';
    if (ctx.seen.includes(v)) {
      let index = 1;
      if (ctx.circular === undefined) {
        ctx.circular = new Map([[v, index]]);
      } else {
        index = ctx.circular.get(v);
        if (index === undefined) {
          index = ctx.circular.size + 1;
          ctx.circular.set(v, index);
        }
      }
      return '[Circular *' + index + ']';
    }
    return formatRaw(ctx, v, recurseTimes);
  }

  function fnBase(v, name) {
    const src = Function.prototype.toString.call(v);
    if (src.startsWith('class') && /^class\b/.test(src)) {
      return '[class ' + (v.name || '(anonymous)') + ']';
    }
    let t = 'Function';
    if (src.startsWith('async')) t = 'AsyncFunction';
    if (/^(async\s+)?function\s*\*/.test(src)) t = src.startsWith('async') ? 'AsyncGeneratorFunction' : 'GeneratorFunction';
    return '[' + t + (v.name ? ': ' + v.name : ' (anonymous)') + ']';
  }

  function errorBase(e) {
    let stack = typeof e.stack === 'string' && e.stack !== '' ? e.stack : null;
    if (stack === null) return '[' + Error.prototype.toString.call(e) + ']';
    // goja's frames read "\tat f (file:1:2(3))"; node's "    at f (file:1:2)".
    // Frames of the host (the trampoline, Go functions, the loop's entry) are not the script's.
    return stack.split('\n').filter((l) => !/^\tat .*(\(native\)|node:host\.js|<eval>)/.test(l))
      .map((l) => l.replace(/^\tat /, '    at ').replace(/\(\d+\)(\)?)$/, '$1')
        // Line 1 of a module shares its line with require's wrapper: columns as in the file.
        .replace(/^(    at (?!node:).*):1:(\d+)(\)?)$/, (m, at, col, paren) => at + ':1:' + Math.max(1, col - host.wrapperLength) + paren))
      .join('\n').trimEnd();
  }

  function getKeys(v) {
    const keys = Object.keys(v);
    const syms = Object.getOwnPropertySymbols(v).filter((s) => Object.prototype.propertyIsEnumerable.call(v, s));
    return keys.concat(syms);
  }

  function formatKey(k) {
    if (typeof k === 'symbol') return '[' + k.toString() + ']';
    if (identRe.test(k)) return k;
    return strEscape(k);
  }

  function formatProperty(ctx, v, recurseTimes, key, type) {
    const desc = Object.getOwnPropertyDescriptor(v, key) || { value: v[key], enumerable: true };
    let str;
    if (desc.value !== undefined || !('get' in desc || 'set' in desc)) {
      const diff = ctx.compact !== 3 ? 2 : 3;
      ctx.indentationLvl += diff;
      str = formatValue(ctx, desc.value, recurseTimes);
      ctx.indentationLvl -= diff;
    } else if (desc.get !== undefined) {
      str = desc.set !== undefined ? '[Getter/Setter]' : '[Getter]';
    } else {
      str = desc.set !== undefined ? '[Setter]' : 'undefined';
    }
    if (type === kArray) return str;
    return formatKey(key) + ': ' + str;
  }

  function formatArray(ctx, v, recurseTimes) {
    const len = v.length;
    const max = Math.min(ctx.maxArrayLength, len);
    const remaining = len - max;
    const output = [];
    let holes = 0;
    const flushHoles = () => {
      if (holes > 0) {
        output.push('<' + holes + ' empty item' + (holes > 1 ? 's' : '') + '>');
        holes = 0;
      }
    };
    for (let i = 0; i < len && output.length < max; i++) {
      if (!Object.prototype.hasOwnProperty.call(v, i)) { holes++; continue; }
      flushHoles();
      output.push(formatProperty(ctx, v, recurseTimes, i, kArray));
    }
    flushHoles();
    if (remaining > 0) output.push('... ' + remaining + ' more item' + (remaining > 1 ? 's' : ''));
    return output;
  }

  function formatRaw(ctx, v, recurseTimes) {
    let keys = [];
    let base = '';
    let braces;
    let formatter = () => [];
    let extrasType = kObject;
    let noIterator = true;
    const name = ctorName(v);
    const proto = Object.getPrototypeOf(v);
    const prefixFor = (fallback, size) => {
      const n = name === null ? '[' + fallback + ': null prototype] ' : (name !== fallback ? name + ' [' + fallback + '] ' : fallback);
      return name === fallback ? fallback + (size !== undefined ? '(' + size + ')' : '') + ' ' : n + (size !== undefined ? '(' + size + ') ' : '');
    };
    if (Array.isArray(v)) {
      keys = Object.keys(v).filter((k) => !/^(0|[1-9][0-9]*)$/.test(k));
      const prefix = name === 'Array' ? '' : prefixFor('Array', v.length);
      braces = [prefix + '[', ']'];
      if (v.length === 0 && keys.length === 0) return braces[0] + ']';
      extrasType = kArray;
      formatter = formatArray;
    } else if (v instanceof Map) {
      keys = getKeys(v);
      braces = [prefixFor('Map', v.size) + '{', '}'];
      if (v.size === 0 && keys.length === 0) return braces[0] + '}';
      formatter = (ctx, v, rt) => {
        const out = [];
        ctx.indentationLvl += 2;
        for (const [k, val] of v) out.push(formatValue(ctx, k, rt) + ' => ' + formatValue(ctx, val, rt));
        ctx.indentationLvl -= 2;
        return out;
      };
    } else if (v instanceof Set) {
      keys = getKeys(v);
      braces = [prefixFor('Set', v.size) + '{', '}'];
      if (v.size === 0 && keys.length === 0) return braces[0] + '}';
      formatter = (ctx, v, rt) => {
        const out = [];
        ctx.indentationLvl += 2;
        for (const val of v) out.push(formatValue(ctx, val, rt));
        ctx.indentationLvl -= 2;
        return out;
      };
    } else {
      noIterator = true;
      keys = getKeys(v);
      braces = ['{', '}'];
      if (typeof v === 'function') {
        base = fnBase(v);
        keys = keys.filter((k) => k !== 'prototype');
        if (keys.length === 0) return base;
      } else if (v instanceof Error) {
        base = errorBase(v);
        keys = keys.filter((k) => k !== 'stack' && k !== 'message');
        if (keys.length === 0) return base;
      } else if (v instanceof Promise) {
        const st = host.promiseState(v);
        braces[0] = (name === 'Promise' ? 'Promise' : prefixFor('Promise')) + ' {';
        formatter = (ctx, v, rt) => {
          if (st.state === 'pending') return ['<pending>'];
          ctx.indentationLvl += 2;
          const s = formatValue(ctx, st.value, rt);
          ctx.indentationLvl -= 2;
          return [st.state === 'rejected' ? '<rejected> ' + s : s];
        };
      } else if (v instanceof Date) {
        base = isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
        if (keys.length === 0) return base;
      } else if (v instanceof RegExp) {
        base = RegExp.prototype.toString.call(v);
        if (keys.length === 0) return base;
      } else if (v instanceof WeakMap || v instanceof WeakSet) {
        return (name || 'WeakMap') + ' { <items unknown> }';
      } else if (typeof v[Symbol.toStringTag] === 'string' && name === 'Object') {
        braces[0] = 'Object [' + v[Symbol.toStringTag] + '] {';
        if (keys.length === 0) return braces[0] + '}';
      } else {
        if (name === null) braces[0] = '[Object: null prototype] {';
        else if (name !== 'Object') braces[0] = name + ' {';
        if (keys.length === 0) return braces[0] + '}';
      }
      void proto;
    }
    if (recurseTimes > ctx.depth && ctx.depth !== null) {
      return '[' + (name === null ? 'Object: null prototype' : (Array.isArray(v) ? 'Array' : name)) + ']';
    }
    recurseTimes += 1;
    ctx.seen.push(v);
    ctx.currentDepth = recurseTimes;
    let output = formatter(ctx, v, recurseTimes);
    for (const k of keys) output.push(formatProperty(ctx, v, recurseTimes, k, kObject));
    ctx.seen.pop();
    if (ctx.circular !== undefined) {
      const index = ctx.circular.get(v);
      if (index !== undefined) {
        const ref = '<ref *' + index + '>';
        base = base === '' ? ref : ref + ' ' + base;
      }
    }
    return reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, v);
    void noIterator;
  }

  function groupArrayElements(ctx, output, value) {
    let totalLength = 0, maxLength = 0, i = 0;
    let outputLength = output.length;
    if (ctx.maxArrayLength < output.length) outputLength--;
    const separatorSpace = 2;
    const dataLen = new Array(outputLength);
    for (; i < outputLength; i++) {
      const len = output[i].length;
      dataLen[i] = len;
      totalLength += len + separatorSpace;
      if (maxLength < len) maxLength = len;
    }
    const actualMax = maxLength + separatorSpace;
    if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength &&
        (totalLength / actualMax > 5 || maxLength <= 6)) {
      const averageBias = Math.sqrt(actualMax - totalLength / output.length);
      const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
      const columns = Math.min(
        Math.round(Math.sqrt(2.5 * biasedMax * outputLength) / biasedMax),
        Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax),
        ctx.compact * 4,
        15);
      if (columns <= 1) return output;
      const tmp = [];
      const maxLineLength = [];
      for (let i = 0; i < columns; i++) {
        let lineLength = 0;
        for (let j = i; j < output.length; j += columns) {
          if (dataLen[j] > lineLength) lineLength = dataLen[j];
        }
        maxLineLength.push(lineLength + separatorSpace);
      }
      let padStart = true;
      if (value !== undefined) {
        for (let i = 0; i < output.length; i++) {
          if (typeof value[i] !== 'number' && typeof value[i] !== 'bigint') { padStart = false; break; }
        }
      }
      for (let i = 0; i < outputLength; i += columns) {
        const max = Math.min(i + columns, outputLength);
        let str = '';
        let j = i;
        for (; j < max - 1; j++) {
          const s = output[j] + ', ';
          str += padStart ? s.padStart(maxLineLength[j - i], ' ') : s.padEnd(maxLineLength[j - i], ' ');
        }
        str += padStart ? output[j].padStart(maxLineLength[j - i] - separatorSpace, ' ') : output[j];
        tmp.push(str);
      }
      if (ctx.maxArrayLength < output.length) tmp.push(output[outputLength]);
      output = tmp;
    }
    return output;
  }

  function isBelowBreakLength(ctx, output, start, base) {
    let totalLength = output.length + start;
    if (totalLength + output.length > ctx.breakLength) return false;
    for (let i = 0; i < output.length; i++) {
      totalLength += output[i].length;
      if (totalLength > ctx.breakLength) return false;
    }
    return base === '' || !base.includes('\n');
  }

  function reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value) {
    const entries = output.length;
    if (extrasType === kArray && entries > 6) output = groupArrayElements(ctx, output, value);
    if (ctx.currentDepth - recurseTimes < ctx.compact && entries === output.length) {
      const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
      if (isBelowBreakLength(ctx, output, start, base)) {
        const joined = output.join(', ');
        if (!joined.includes('\n')) {
          return (base ? base + ' ' : '') + braces[0] + ' ' + joined + ' ' + braces[1];
        }
      }
    }
    const indentation = '\n' + ' '.repeat(ctx.indentationLvl);
    return (base ? base + ' ' : '') + braces[0] + indentation + '  ' +
      output.join(',' + indentation + '  ') + indentation + braces[1];
  }

  function inspect(value, opts) {
    const ctx = Object.assign({ seen: [], indentationLvl: 0, currentDepth: 0, circular: undefined }, defaults);
    if (opts !== null && typeof opts === 'object') {
      for (const k of ['depth', 'breakLength', 'compact', 'maxArrayLength']) {
        if (opts[k] !== undefined) ctx[k] = opts[k] === Infinity && k === 'depth' ? null : opts[k];
      }
    }
    return formatValue(ctx, value, 0);
  }
  inspect.custom = Symbol.for('nodejs.util.inspect.custom');
  inspect.defaultOptions = defaults;

  function formatWithOptions(args) {
    const first = args[0];
    let a = 0, str = '', join = '';
    if (typeof first === 'string') {
      if (args.length === 1) return first;
      let tempStr, lastPos = 0;
      for (let i = 0; i < first.length - 1; i++) {
        if (first.charCodeAt(i) !== 37) continue; // '%'
        const c = first[i + 1];
        if (a + 1 !== args.length) {
          switch (c) {
            case 's': {
              const arg = args[++a];
              if (typeof arg === 'number') tempStr = formatNumber(arg);
              else if (typeof arg === 'bigint') tempStr = arg + 'n';
              else if (typeof arg !== 'object' || arg === null) tempStr = String(arg);
              else tempStr = inspect(arg, { depth: 0 });
              break;
            }
            case 'j': try { tempStr = JSON.stringify(args[++a]); } catch { tempStr = '[Circular]'; } break;
            case 'd': { const n = args[++a]; tempStr = typeof n === 'bigint' ? n + 'n' : typeof n === 'symbol' ? 'NaN' : formatNumber(Number(n)); break; }
            case 'O': tempStr = inspect(args[++a]); break;
            case 'o': tempStr = inspect(args[++a], { showHidden: true, depth: 4 }); break;
            case 'i': { const n = args[++a]; tempStr = typeof n === 'bigint' ? n + 'n' : typeof n === 'symbol' ? 'NaN' : formatNumber(parseInt(n)); break; }
            case 'f': { const n = args[++a]; tempStr = typeof n === 'symbol' ? 'NaN' : formatNumber(parseFloat(n)); break; }
            case 'c': a++; tempStr = ''; break;
            case '%': str += first.slice(lastPos, i); lastPos = i + 1; continue;
            default: continue;
          }
          if (lastPos !== i) str += first.slice(lastPos, i);
          str += tempStr;
          lastPos = i + 2;
        } else if (c === '%') {
          str += first.slice(lastPos, i);
          lastPos = i + 1;
        }
      }
      if (lastPos !== 0) {
        a++;
        join = ' ';
        if (lastPos < first.length) str += first.slice(lastPos);
      }
    }
    while (a < args.length) {
      const v = args[a];
      str += join;
      str += typeof v !== 'string' ? inspect(v) : v;
      join = ' ';
      a++;
    }
    return str;
  }

  function format(...args) { return formatWithOptions(args); }
  return { inspect, format, formatWithOptions,
    inherits(ctor, superCtor) { Object.setPrototypeOf(ctor.prototype, superCtor.prototype); Object.setPrototypeOf(ctor, superCtor); ctor.super_ = superCtor; },
    promisify(fn) { return (...args) => new Promise((res, rej) => fn(...args, (err, v) => (err ? rej(err) : res(v)))); },
    isDeepStrictEqual(a, b) { return JSON.stringify(a) === JSON.stringify(b); },
    types: { isPromise: (v) => v instanceof Promise } };
})
