import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Capture, run } from '../helpers/context.js';
import { tempDir, writeFiles } from '../helpers/repo.js';

const stdin = (text: string) => ({ readStdin: () => text });

describe('verdict check', () => {
  it('exits 0 for a valid verdict and prints the normalised one as JSON', async () => {
    const dir = tempDir();
    writeFiles(dir, { 'v.json': '{"risk":"medium","decision":"deny","reason":"force push to main"}\n' });
    const r = await run(dir, ['verdict', 'check', 'v.json', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      valid: true,
      code: null,
      message: null,
      verdict: { risk: 'medium', authorization: 'unknown', decision: 'deny', reason: 'force push to main' },
    });
    const text = await run(dir, ['verdict', 'check', 'v.json']);
    expect(text.stdout).toBe(
      'valid: risk medium, authorization unknown, decision deny\n  reason: force push to main\n',
    );
  });

  it('exits 1 with the code, the file, line and column of an invalid verdict', async () => {
    const dir = tempDir();
    writeFiles(dir, {
      'v.json': '{\n  "risk": "critical",\n  "authorization": "high",\n  "outcome": "allow"\n}\n',
    });
    const r = await run(dir, ['verdict', 'check', 'v.json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      "verdict-critical-allow: v.json:4:3: 'outcome' allow of a critical 'risk': a critical risk is never allowed\n",
    );
    const json = await run(dir, ['verdict', 'check', 'v.json', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({
      valid: false,
      code: 'verdict-critical-allow',
      message: "'outcome' allow of a critical 'risk': a critical risk is never allowed",
      verdict: null,
    });
  });

  it('reads stdin for - and for no file, and refuses a file whose bytes are not UTF-8', async () => {
    const dir = tempDir();
    const dup = '{"risk":"low","authorization":"low","outcome":"deny","reason":"x","outcome":"allow"}';
    for (const argv of [
      ['verdict', 'check', '-'],
      ['verdict', 'check'],
    ]) {
      const r = await run(dir, argv, stdin(dup));
      expect([r.code, r.stdout.split(':')[0]]).toEqual([1, 'verdict-duplicate-key']);
      expect(r.stdout).toContain('stdin:1:67');
    }
    writeFileSync(join(dir, 'latin1.json'), Buffer.from([0x7b, 0xff, 0x7d]));
    const bad = await run(dir, ['verdict', 'check', 'latin1.json', '--json']);
    expect(JSON.parse(bad.stdout)).toMatchObject({ valid: false, code: 'verdict-not-utf8' });
  });

  it('decodes stdin bytes with the same function as a file: the bytes a file is refused for are refused on stdin', async () => {
    const dir = tempDir();
    const bytes = Buffer.from([
      ...Buffer.from('{"risk":"low","decision":"allow","x":"'),
      0xc3,
      0x28,
      0x22,
      0x7d,
    ]);
    writeFileSync(join(dir, 'bad.json'), bytes);
    const file = await run(dir, ['verdict', 'check', 'bad.json', '--json']);
    const piped = await run(dir, ['verdict', 'check', '-', '--json'], { readStdinBytes: () => bytes });
    for (const r of [file, piped]) {
      expect([r.code, JSON.parse(r.stdout).code]).toEqual([1, 'verdict-not-utf8']);
    }
    const good = Buffer.from('{"risk":"low","decision":"allow"}');
    const ok = await run(dir, ['verdict', 'check', '--json'], { readStdinBytes: () => good });
    expect(ok.code).toBe(0);
  });

  it('exits 2 with one line naming the file when it cannot read it', async () => {
    const dir = tempDir();
    const missing = await run(dir, ['verdict', 'check', 'nope.json', '--json']);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toContain('nope.json: cannot be read (ENOENT)');
    const folder = await run(dir, ['verdict', 'check', '.']);
    expect([folder.code, folder.stderr]).toEqual([2, expect.stringContaining('(EISDIR)')]);
    if (process.getuid?.() !== 0) {
      writeFileSync(join(dir, 'locked.json'), '{}');
      chmodSync(join(dir, 'locked.json'), 0);
      expect((await run(dir, ['verdict', 'check', 'locked.json'])).code).toBe(2);
    }
    const io = ttyIo();
    const tty = await run(dir, ['verdict', 'check'], { io, ...stdin('{}') });
    expect(tty.code).toBe(2);
    expect(io.stderr.text).toContain('stdin is a terminal');
  });

  it('refuses JSON nested 3,000 deep with one line and exit 1, from a file and from stdin', async () => {
    const dir = tempDir();
    const deep = `{"risk":${'['.repeat(3000)}${']'.repeat(3000)},"decision":"deny"}`;
    writeFiles(dir, { 'deep.json': deep });
    for (const r of [
      await run(dir, ['verdict', 'check', 'deep.json']),
      await run(dir, ['verdict', 'check', '-'], stdin(deep)),
    ]) {
      expect([r.code, r.stderr]).toEqual([1, '']);
      expect(r.stdout).toMatch(/^verdict-too-deep: (deep\.json|stdin):1:1: [^\n]+\n$/);
    }
  });

  it('never lets a hostile value reach the terminal raw', async () => {
    const dir = tempDir();
    writeFiles(dir, { 'v.json': '{"risk":"low","authorization":"low","outcome":"\\u001b]0;pwned\\u0007"}' });
    const r = await run(dir, ['verdict', 'check', 'v.json']);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(r.stdout).toContain('\\x1B]0;pwned\\x07');
  });
});

function ttyIo() {
  return {
    stdout: new Capture(),
    stderr: new Capture(),
    isTTY: false,
    stdinIsTTY: true,
    color: false,
    columns: 80,
  };
}
