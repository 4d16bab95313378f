// The entry of dist/yaml.cjs: what src/core/yaml.ts's `YamlModule` names of the `yaml` package,
// from the package's ES module build, which esbuild tree-shakes and hoists into one scope (the
// CommonJS build is 72 modules, each wrapped and required: it took twice as long to load).
export { LineCounter, parseDocument, stringify } from 'yaml';
