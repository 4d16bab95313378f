import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONFIG_FILE, DEFAULT_CONFIG } from '../core/config.js';
import type { Context } from '../core/context.js';
import { UsageError } from '../core/errors.js';

function looksLikeRoot(dir: string, marker: string): boolean {
  return existsSync(join(dir, marker)) || existsSync(join(dir, CONFIG_FILE));
}

/**
 * The repository root a command works on: `--root` when given; else the current folder when it
 * has the marker folder (default `agents/roadmaps`) or `agent-config.yaml`; else the git top
 * level when that has one; else the current folder.
 */
export async function resolveRoot(
  ctx: Context,
  explicit: string | undefined,
  marker: string = DEFAULT_CONFIG.roadmaps,
): Promise<string> {
  if (explicit !== undefined) {
    const abs = resolve(ctx.cwd, explicit);
    let isDir = false;
    try {
      isDir = statSync(abs).isDirectory();
    } catch {
      isDir = false;
    }
    if (!isDir) throw new UsageError('is not a folder', `--root ${explicit}`, 'pass the repository folder');
    return abs;
  }
  if (looksLikeRoot(ctx.cwd, marker)) return ctx.cwd;
  const top = await ctx.git(ctx.cwd).topLevel();
  if (top !== null && looksLikeRoot(top, marker)) return top;
  return ctx.cwd;
}
