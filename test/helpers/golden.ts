import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';

/** The folder of golden files, test/golden/<area>. */
export function goldenDir(area: string): string {
  return join(import.meta.dirname, '..', 'golden', area);
}

/**
 * Compares `actual` with the golden file `<dir>/<name>`. A missing golden file fails the test;
 * with `UPDATE_GOLDEN=1` in the environment every golden file is (re)written from `actual`
 * instead, and the diff is reviewed like code.
 */
export function expectGolden(
  dir: string,
  name: string,
  actual: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): void {
  const path = join(dir, name);
  if (env.UPDATE_GOLDEN === '1') writeFileSync(path, actual);
  if (!existsSync(path)) {
    const shown = relative(join(import.meta.dirname, '..', '..'), path);
    throw new Error(
      `golden file ${shown} is missing: run the test with UPDATE_GOLDEN=1 to write it, then review it`,
    );
  }
  expect(actual).toBe(readFileSync(path, 'utf8'));
}
