// dns.lookup and os, as far as loopback needs them. dns.lookup of an IP answers from a
// nextTick (node: lib/dns.js lookup); of 'localhost' from the thread pool, so in the poll
// phase (host.resolve: a request completed there). DEPARTURE (loopback only): any other
// name is ENOTFOUND without asking a resolver.
(function (host) {
  'use strict';
  function lookup(hostname, options, callback) {
    if (typeof options === 'function') { callback = options; options = {}; }
    if (typeof options === 'number') options = { family: options };
    options = options || {};
    if (typeof callback !== 'function') {
      const e = new TypeError('The "callback" argument must be of type function. Received ' + typeof callback);
      e.code = 'ERR_INVALID_ARG_TYPE';
      throw e;
    }
    const family = host.isIP(String(hostname));
    if (family) {
      if (options.all) process.nextTick(callback, null, [{ address: hostname, family }]);
      else process.nextTick(callback, null, hostname, family);
      return {};
    }
    host.resolve(String(hostname), (address) => {
      if (address === '') {
        const e = new Error('getaddrinfo ENOTFOUND ' + hostname);
        e.errno = -3008;
        e.code = 'ENOTFOUND';
        e.syscall = 'getaddrinfo';
        e.hostname = hostname;
        callback(e);
      } else if (options.all) callback(null, [{ address, family: 4 }]);
      else callback(null, address, 4);
    });
    return {};
  }
  const dns = {
    lookup,
    promises: {
      lookup(hostname, options) {
        return new Promise((resolve, reject) => lookup(hostname, options || {}, (err, address, family) => {
          if (err) reject(err);
          else resolve(Array.isArray(address) ? address : { address, family });
        }));
      },
    },
  };
  const os = {
    EOL: '\n',
    tmpdir: () => host.tmpdir(),
    homedir: () => host.homedir(),
    hostname: () => host.hostname(),
    platform: () => process.platform,
    arch: () => process.arch,
    type: () => 'Linux',
    cpus: () => host.cpus(),
    endianness: () => 'LE',
  };
  return { dns, os };
})
