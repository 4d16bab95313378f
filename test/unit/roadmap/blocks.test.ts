import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '../../../src/roadmap/blocks.js';

describe('markdownBlocks', () => {
  it('separates fenced code from the runs of non-blank lines around it', () => {
    const text = 'a\nb\n\n```md\n[x](y.md)\n```\nc\n~~~\nopen to the end\n';
    const { fenced, chunks } = markdownBlocks(text);
    expect(fenced.map((f) => [text.slice(f.start, f.end), f.line])).toEqual([
      ['```md\n[x](y.md)\n```\n', 4],
      ['~~~\nopen to the end\n', 8],
    ]);
    expect(chunks.map((c) => [text.slice(c.start, c.end), c.line])).toEqual([
      ['a\nb\n', 1],
      ['c\n', 7],
    ]);
  });

  it('reads CRLF like LF and needs a closing fence as long as the opener', () => {
    const text = '````\r\n```\r\nstill code\r\n````\r\nafter\r\n';
    const { fenced, chunks } = markdownBlocks(text);
    expect(fenced).toHaveLength(1);
    expect(text.slice(fenced[0]!.start, fenced[0]!.end)).toBe('````\r\n```\r\nstill code\r\n````\r\n');
    expect(chunks.map((c) => text.slice(c.start, c.end))).toEqual(['after\r\n']);
  });

  it('handles text without a final newline and empty text', () => {
    expect(markdownBlocks('').chunks).toEqual([]);
    const { chunks } = markdownBlocks('x\n\ny');
    expect(chunks.map((c) => c.line)).toEqual([1, 3]);
    expect(chunks[1]!.end).toBe(4);
  });
});
