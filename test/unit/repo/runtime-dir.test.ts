import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureRuntimeDir, isInRuntimeDir, RUNTIME_IGNORE } from '../../../src/repo/runtime-dir.js';
import { tempDir } from '../../helpers/repo.js';

describe('ensureRuntimeDir', () => {
  it('makes the folder and its own .gitignore of `*`, and returns the folder asked for', () => {
    const root = tempDir();
    expect(ensureRuntimeDir(root, 'agents/runtime/a/b')).toBe(join(root, 'agents/runtime/a/b'));
    expect(existsSync(join(root, 'agents/runtime/a/b'))).toBe(true);
    expect(readFileSync(join(root, 'agents/runtime/.gitignore'), 'utf8')).toBe(RUNTIME_IGNORE);
    expect(RUNTIME_IGNORE.split('\n')).toContain('*');
    // No temporary file is left beside it.
    expect(readdirSync(join(root, 'agents/runtime')).sort()).toEqual(['.gitignore', 'a']);
  });

  it('never changes an ignore file that is already there', () => {
    const root = tempDir();
    ensureRuntimeDir(root);
    writeFileSync(join(root, 'agents/runtime/.gitignore'), '*\n!keep.txt\n');
    ensureRuntimeDir(root, 'agents/runtime/evidence');
    expect(readFileSync(join(root, 'agents/runtime/.gitignore'), 'utf8')).toBe('*\n!keep.txt\n');
  });

  it('refuses a folder outside the runtime folder', () => {
    const root = tempDir();
    expect(() => ensureRuntimeDir(root, 'agents/roadmaps')).toThrow('not below agents/runtime');
    expect(() => ensureRuntimeDir(root, 'agents/runtime/../x')).toThrow('not below agents/runtime');
    expect(existsSync(join(root, 'agents'))).toBe(false);
  });
});

describe('isInRuntimeDir', () => {
  it('is true only below <root>/agents/runtime/', () => {
    const root = '/r';
    expect(isInRuntimeDir(root, '/r/agents/runtime/report.html')).toBe(true);
    expect(isInRuntimeDir(root, '/r/agents/runtime/deep/x.html')).toBe(true);
    for (const other of ['/r/agents/runtime', '/r/agents/runtime-x/a', '/r/page.html', '/elsewhere/a']) {
      expect(isInRuntimeDir(root, other)).toBe(false);
    }
  });
});
