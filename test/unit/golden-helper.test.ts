import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectGolden } from '../helpers/golden.js';
import { tempDir } from '../helpers/repo.js';

describe('expectGolden', () => {
  it('fails when the golden file is missing, and does not write it', () => {
    const dir = tempDir();
    expect(() => expectGolden(dir, 'out.txt', 'text\n', {})).toThrow(
      /is missing: run the test with UPDATE_GOLDEN=1/,
    );
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
  });

  it('passes on equal text and fails on different text', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'out.txt'), 'text\n');
    expectGolden(dir, 'out.txt', 'text\n', {});
    expect(() => expectGolden(dir, 'out.txt', 'other\n', {})).toThrow();
  });

  it('writes the file with UPDATE_GOLDEN=1', () => {
    const dir = tempDir();
    expectGolden(dir, 'out.txt', 'new\n', { UPDATE_GOLDEN: '1' });
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('new\n');
  });
});
