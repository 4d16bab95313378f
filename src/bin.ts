#!/usr/bin/env node
import { BUNDLE_FILE, type LoadedCli, loadCli } from './cli/code-cache.js';
import { hookFastPath } from './cli/hook-fast-path.js';

// dist/bin.js (CommonJS): loads the CLI bundle beside it, dist/cli.cjs, with its code cache.
const argv = process.argv.slice(2);
let stdin: string | undefined;
let answered = false;
if (argv[0] === 'hook' && argv.length === 2) {
  // The agent harness hook runs before every tool call: most calls are answered here.
  const fast = hookFastPath(argv[1]!, process.cwd(), process.env);
  if ('answer' in fast) {
    if (fast.answer !== '') require('node:fs').writeSync(1, fast.answer);
    answered = true;
  } else {
    stdin = fast.stdin;
  }
}
let loaded: LoadedCli | undefined;
try {
  if (!answered) loaded = loadCli(__dirname);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'ENOENT' && code !== 'EACCES') throw error;
  // An install that lost its build: one line and exit 2, as for any problem we cannot fix.
  // The sanitizer, loaded only here: every other start would pay for it.
  const { sanitize } = require('./core/text/sanitize.js') as typeof import('./core/text/sanitize.js');
  const where = sanitize(`${__dirname}/${BUNDLE_FILE}`, { inline: true });
  process.stderr.write(
    `agent-config: ${where} cannot be read (${code}) — rebuild it with \`npm run build\` (or reinstall)\n`,
  );
  process.exitCode = 2;
}
loaded?.cli.main(argv, stdin);
