import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Context } from '../../../src/core/context.js';
import { makeContext } from '../../helpers/context.js';
import { makeRepo } from '../../helpers/repo.js';

export const STORE = 'agents/runtime/staged-confirmations';
export const T0 = new Date('2026-11-30T12:00:00Z');

/** `minutes` after T0, as a clock. */
export function clockAt(minutes: number): () => Date {
  return () => new Date(T0.getTime() + minutes * 60_000);
}

/** A repository with an `agents/` folder (the staging root marker) and one commit. */
export function stagingRepo(files: Record<string, string> = {}): string {
  return makeRepo({ 'agents/README.md': 'agents\n', ...files });
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Every question the prompt was asked. */
  asked: string[];
}

/**
 * Runs the CLI in process. With `answer`, stdin is a terminal and the prompt answers it; without,
 * stdin is piped (no prompt), as for an agent or a hook.
 */
export async function cli(
  cwd: string,
  argv: string[],
  options: {
    answer?: string;
    minutes?: number;
    env?: Record<string, string>;
    overrides?: Partial<Context>;
  } = {},
): Promise<RunResult> {
  const { runCli } = await import('../../../src/cli/run-cli.js');
  const asked: string[] = [];
  const ctx = makeContext(cwd, {
    clock: clockAt(options.minutes ?? 0),
    env: options.env ?? {},
    ...options.overrides,
  });
  if (options.answer !== undefined) {
    const answer = options.answer;
    ctx.io = { ...ctx.io, stdinIsTTY: true };
    ctx.prompt = async (question) => {
      asked.push(question);
      return answer;
    };
  }
  const code = await runCli(argv, ctx);
  return { code, stdout: ctx.stdout.text, stderr: ctx.stderr.text, asked };
}

/** Stages `delete-branch <object>` and returns its token. */
export async function stageOne(dir: string, object = 'feature/x', extra: string[] = []): Promise<string> {
  const r = await cli(dir, [
    'stage',
    '--action',
    'delete-branch',
    '--object',
    object,
    '--source',
    'agent:test',
    ...extra,
  ]);
  if (r.code !== 0) throw new Error(`stage failed: ${r.stderr}`);
  return r.stdout.trim();
}

/** Confirms a token as `human:ada` at a pretend terminal. */
export async function confirmOne(dir: string, token: string, minutes = 1): Promise<RunResult> {
  return cli(dir, ['confirm', token, '--as', 'human:ada'], { answer: token.slice(-4), minutes });
}

/** The record file of a token in a folder, parsed; null when absent. */
export function readRecord(dir: string, folder: string, token: string): Record<string, unknown> | null {
  const path = join(dir, STORE, folder, `${token}.json`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : null;
}

/** Every file below a folder with its content and mtime: to prove nothing was written or touched. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = join(d, e.name);
      if (e.name === '.git') continue;
      if (e.isDirectory()) walk(abs);
      else out[relative(dir, abs)] = `${statSync(abs).mtimeMs} ${readFileSync(abs, 'utf8')}`;
    }
  };
  walk(dir);
  return out;
}
