// The entry of dist/yaml.cjs: the `yaml` package in one file (see lazy-yaml.cjs).
module.exports = require('yaml');
