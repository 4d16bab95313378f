import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderRulesDoc } from '../../../src/lint/rules-doc.js';

describe('docs/rules.md', () => {
  it('is what scripts/gen-rules-doc.mjs generates from the rules (regenerate it when this fails)', async () => {
    const onDisk = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'rules.md'), 'utf8');
    expect(onDisk).toBe(await renderRulesDoc());
  });

  it('shows hidden characters of the examples escaped, never raw', async () => {
    const doc = await renderRulesDoc();
    expect(doc).not.toMatch(/[\u200B\u202E]/);
    expect(doc).toContain('\\u{202E}');
  });
});
