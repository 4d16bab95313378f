import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The repository root and the built CLI the e2e tests run. */
export const ROOT = join(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'dist', 'bin.js');

/** Builds dist/ once if it is missing (CI builds before testing; a fresh checkout may not). */
export function ensureBuilt(): void {
  if (!existsSync(BIN)) spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

/** Runs the built CLI (or another bundle's bin.js) as a child process with no stdin. */
export function runBin(
  cwd: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; bin?: string; stdin?: 'ignore' | 'pipe' } = {},
): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [options.bin ?? BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'],
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Runs the built CLI without blocking this process (a local HTTP server in the test keeps
 * answering meanwhile); resolves with its exit code and output.
 */
export function runBinAsync(
  cwd: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c;
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
