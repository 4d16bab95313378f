// The CLI bundle's src/guard/shell-parser.ts: the shell parser (unbash, ~300 KB) lives in its own
// bundle, dist/shell-parser.cjs, required on first use, so that only a hook run whose command
// names a guarded word loads it (docs/decisions.md, "Guard: the shell parser").
let parser;
const load = () => {
  parser ??= require('./shell-parser.cjs');
  return parser;
};
exports.parse = (source) => load().parse(source);
exports.forEachChild = (node, callback) => load().forEachChild(node, callback);
