// The entry of the CLI bundle (dist/cli.cjs), which dist/bin.js loads with its code cache.
// `runCli` is exported too, for the build's code-cache training run (scripts/train-code-cache.mjs).
export { main, processContext } from './main.js';
export { runCli } from './run-cli.js';
