#!/usr/bin/env node
import { createInterface } from 'node:readline/promises';
import { runCli } from './cli/run-cli.js';
import type { Context } from './core/context.js';
import { createGit } from './git/git-cli-adapter.js';

// The only module that touches `process`: everything below receives a Context.
const stdinIsTTY = process.stdin.isTTY === true;
const ctx: Context = {
  cwd: process.cwd(),
  env: process.env,
  clock: () => new Date(),
  io: {
    stdout: process.stdout,
    stderr: process.stderr,
    isTTY: process.stdout.isTTY === true,
    stdinIsTTY,
    color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined,
    columns: process.stdout.columns ?? 80,
  },
  git: createGit,
  prompt: stdinIsTTY
    ? async (question) => {
        const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
        try {
          return await rl.question(question);
        } finally {
          rl.close();
        }
      }
    : undefined,
};

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  // A closed pipe (`agent-config gates | head`) is not an error of ours.
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

runCli(process.argv.slice(2), ctx).then((code) => {
  process.exitCode = code;
});
