import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { atomicTempTarget, writeFileAtomic } from '../../../src/repo/atomic-write.js';
import { tempDir } from '../../helpers/repo.js';

describe('writeFileAtomic', () => {
  it('replace a file through a temporary sibling and leave nothing else behind', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.md'), 'old');
    writeFileAtomic(join(dir, 'a.md'), 'sync');
    expect(readFileSync(join(dir, 'a.md'), 'utf8')).toBe('sync');
    for (let i = 0; i < 20; i++) writeFileAtomic(join(dir, 'sub', `f${i}.md`), `n${i}`);
    expect(readdirSync(join(dir, 'sub')).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `f${i}.md`).sort(),
    );
    expect(readFileSync(join(dir, 'sub', 'f7.md'), 'utf8')).toBe('n7');
    expect(readdirSync(dir).sort()).toEqual(['a.md', 'sub']);
  });

  it('remove their temporary file when the write fails, and name it so a later run can find it', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'target.md'));
    // Renaming a file over a folder fails: the error surfaces, the temporary file is gone.
    expect(() => writeFileAtomic(join(dir, 'target.md'), 'x')).toThrow();
    expect(readdirSync(dir)).toEqual(['target.md']);
    expect(atomicTempTarget('.plan.md.0123456789ab.tmp')).toBe('plan.md');
    expect(atomicTempTarget('plan.md.tmp')).toBeNull();
  });

  it('never replace a device or a pipe with a plain file (`--out /dev/null`)', () => {
    const dir = tempDir();
    expect(spawnSync('mkfifo', [join(dir, 'pipe')]).status).toBe(0);
    expect(() => writeFileAtomic(join(dir, 'pipe'), 'x')).toThrow(InputError);
    expect(() => writeFileAtomic(join(dir, 'pipe'), 'x')).toThrow(/is not a regular file/);
    expect(lstatSync(join(dir, 'pipe')).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['pipe']);
  });
});
