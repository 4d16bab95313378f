#!/usr/bin/env node
import { BUNDLE_FILE, type LoadedCli, loadCli } from './cli/code-cache.js';

// dist/bin.js (CommonJS): loads the CLI bundle beside it, dist/cli.cjs, with its code cache.
let loaded: LoadedCli | undefined;
try {
  loaded = loadCli(__dirname);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'ENOENT' && code !== 'EACCES') throw error;
  // An install that lost its build: one line and exit 2, as for any problem we cannot fix.
  // The sanitizer, loaded only here: every other start would pay for it.
  const { sanitize } = require('./render/sanitize.js') as typeof import('./render/sanitize.js');
  const where = sanitize(`${__dirname}/${BUNDLE_FILE}`, { inline: true });
  process.stderr.write(
    `agent-config: ${where} cannot be read (${code}) — rebuild it with \`npm run build\` (or reinstall)\n`,
  );
  process.exitCode = 2;
}
loaded?.cli.main(process.argv.slice(2));
