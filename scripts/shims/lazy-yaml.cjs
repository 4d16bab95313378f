// The CLI bundle's src/core/yaml.ts: the `yaml` package is its own bundle beside dist/cli.cjs
// (scripts/build-dist.mjs), required on first use. Resolving, reading and compiling the
// package's 72 files under node_modules cost 20–35 ms at its first use; one file costs 6–9 ms
// (docs/decisions.md, "Performance: the optimisations that stay"). The bundle's `require` is
// dist/bin.js's, so the path is relative to dist/. The library (dist/index.mjs) loads the
// package itself.
let yaml;
exports.loadYaml = () => {
  yaml ??= require('./yaml.cjs');
  return yaml;
};
