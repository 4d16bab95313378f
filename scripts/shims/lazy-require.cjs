// The CLI bundle's src/core/lazy-require.ts: the bundle is CommonJS and has `require` already
// (importing node:module for createRequire would start Node's ES module loader for nothing).
exports.lazyRequire = (id) => require(id);
