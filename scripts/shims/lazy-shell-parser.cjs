// The CLI bundle's src/guard/shell-parser.ts: the shell parser (unbash, ~300 KB) lives in its own
// bundle, dist/shell-parser.cjs, loaded on first use with its own V8 code cache through
// dist/code-cache.js, so that only a hook run whose command names a guarded word pays for it
// (docs/decisions.md, "Guard: the agent harness hook").
let parser;
const load = () => {
  if (parser === undefined) {
    const { loadBundle, PARSER_FILE, PARSER_CACHE_FILE } = require('./code-cache.js');
    parser = loadBundle(__dirname, PARSER_FILE, PARSER_CACHE_FILE).exports;
  }
  return parser;
};
exports.parse = (source) => load().parse(source);
exports.forEachChild = (node, callback) => load().forEachChild(node, callback);
