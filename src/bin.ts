#!/usr/bin/env node
import { loadCli } from './cli/code-cache.js';

// dist/bin.js (CommonJS): loads the CLI bundle beside it, dist/cli.cjs, with its code cache.
loadCli(__dirname).cli.main(process.argv.slice(2));
