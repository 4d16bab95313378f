import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findHiddenCharacters,
  isMixedScript,
  sanitize,
  sanitizeTerminal,
} from '../../../src/core/text/sanitize.js';

// Anything a terminal would act on: C0 but tab/newline, DEL, C1, and the characters that
// reorder, hide or break lines. A sanitized string must contain none of them.
const RAW_DANGER =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]|[\u{E0000}-\u{E007F}]/u;

/** Characters chosen to hit every branch: hostile ones often, any code point sometimes. */
const hostileChar = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\u202E',
      '\u2066',
      '\u200B',
      '\u200D',
      '\uFEFF',
      '\u2028',
      '\u3164',
      '\u{E0041}',
      'а',
      'é',
      '\x1b[2J',
      '\x1b]0;title\x07',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)) },
);
const hostileString = fc.array(hostileChar, { maxLength: 40 }).map((parts) => parts.join(''));

describe('sanitizeTerminal', () => {
  it('shows an escape sequence that would clear the screen as text', () => {
    const r = sanitizeTerminal('before\x1b[2Jafter');
    expect(r.text).toBe('before\\x1B[2Jafter');
    expect(r.warnings).toEqual([{ kind: 'control', count: 1 }]);
  });

  it('shows an OSC title change, a carriage-return overwrite and a backspace', () => {
    const r = sanitizeTerminal('\x1b]0;pwned\x07ok\rfake\b');
    expect(r.text).toBe('\\x1B]0;pwned\\x07ok\\x0Dfake\\x08');
    expect(r.warnings).toEqual([
      { kind: 'control', count: 3 },
      { kind: 'backspace', count: 1 },
    ]);
  });

  it('keeps tab and newline, escapes DEL and C1 controls', () => {
    expect(sanitize('a\tb\nc')).toBe('a\tb\nc');
    expect(sanitize('x\x7fy\u009bz')).toBe('x\\x7Fy\\x9Bz');
  });

  it('shows bidi overrides and zero-width characters as code points, never dropping them', () => {
    const r = sanitizeTerminal('abc\u202Edef\u200Bg\uFEFF');
    expect(r.text).toBe('abc\\u{202E}def\\u{200B}g\\u{FEFF}');
    expect(r.warnings).toEqual([
      { kind: 'bidi', count: 1 },
      { kind: 'zero-width', count: 2 },
    ]);
  });

  it('shows invisible tag characters that could smuggle text to an agent', () => {
    const r = sanitizeTerminal('ok\u{E0069}\u{E0067}');
    expect(r.text).toBe('ok\\u{E0069}\\u{E0067}');
    expect(r.warnings).toEqual([{ kind: 'zero-width', count: 2 }]);
  });

  it('shows Hangul fillers, line separators and lone surrogates', () => {
    expect(sanitize('a\u3164b')).toBe('a\\u{3164}b');
    expect(sanitize('a\u2028b\u2029')).toBe('a\\u{2028}b\\u{2029}');
    expect(sanitize('a\uD800b')).toBe('a\\u{D800}b');
    expect(sanitize('ok 😀')).toBe('ok 😀');
  });

  it('escapes a newline only when the text must stay on one line', () => {
    expect(sanitize('a\nb')).toBe('a\nb');
    expect(sanitize('a\nb', { inline: true })).toBe('a\\x0Ab');
    expect(sanitizeTerminal('a\nb', { inline: true }).warnings).toEqual([{ kind: 'control', count: 1 }]);
  });

  it('reports mixed-script words without changing them', () => {
    const r = sanitizeTerminal('pаypal and Москва and paypal');
    expect(r.text).toBe('pаypal and Москва and paypal');
    expect(r.warnings).toEqual([{ kind: 'mixed-script', count: 1 }]);
    expect(isMixedScript('Москва')).toBe(false);
    expect(isMixedScript('pаypal')).toBe(true);
  });

  it('returns plain text unchanged, with no warnings', () => {
    const text = 'Phase 2 — naïve café, `code` and **bold** ⚠️';
    expect(sanitizeTerminal(text)).toEqual({ text, warnings: [] });
    expect(sanitize(text)).toBe(text);
  });
});

describe('sanitizer properties', () => {
  it('never leaves a raw control, bidi or invisible character in its output', () => {
    fc.assert(
      fc.property(hostileString, fc.boolean(), (s, inline) => {
        const out = sanitize(s, { inline });
        expect(RAW_DANGER.test(out)).toBe(false);
        // Well-formed UTF-16: no lone surrogate survives (it would print as U+FFFD).
        expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(out)).toBe(
          false,
        );
        if (inline) expect(out.includes('\n')).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws, and sanitize() agrees with sanitizeTerminal()', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        expect(sanitize(s)).toBe(sanitizeTerminal(s).text);
      }),
      { numRuns: 2000 },
    );
  });

  it('never removes anything: only suspect characters change, each into a visible escape', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (s) => {
        const hidden = findHiddenCharacters(s);
        const r = sanitizeTerminal(s);
        if (hidden.length === 0) expect(r.text).toBe(s);
        let rebuilt = s;
        for (const h of [...hidden].reverse()) {
          const width = s.codePointAt(h.column - 1)! > 0xffff ? 2 : 1;
          rebuilt = rebuilt.slice(0, h.column - 1) + h.shown + rebuilt.slice(h.column - 1 + width);
        }
        expect(r.text).toBe(rebuilt);
        const counted = r.warnings.filter((w) => w.kind !== 'mixed-script').reduce((n, w) => n + w.count, 0);
        expect(counted).toBe(hidden.length);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('findHiddenCharacters', () => {
  it('reports each hidden character with its kind and UTF-16 column', () => {
    expect(findHiddenCharacters('a\x1bb\u202Ec\u{E0041}d\u200B')).toEqual([
      { column: 2, kind: 'control', shown: '\\x1B' },
      { column: 4, kind: 'bidi', shown: '\\u{202E}' },
      { column: 6, kind: 'zero-width', shown: '\\u{E0041}' },
      { column: 9, kind: 'zero-width', shown: '\\u{200B}' },
    ]);
  });

  it('finds nothing in ordinary text', () => {
    expect(findHiddenCharacters('- [ ] ship it — 😀 naïve')).toEqual([]);
  });
});

describe('mixed-script counting', () => {
  it('counts the same tokens as checking every token, whatever the text', () => {
    const unit = fc.constantFrom(
      'p',
      'a',
      'é',
      'а',
      'р',
      'α',
      'ο',
      'Ꭺ',
      'ա',
      '—',
      ' ',
      '-',
      '_',
      '1',
      'ß',
      'ǅ',
      '\u0301',
    );
    const text = fc.oneof(
      fc.array(unit, { maxLength: 16 }).map((u) => u.join('')),
      fc.string({ unit: 'grapheme' }),
    );
    fc.assert(
      fc.property(text, (t) => {
        const reference = t
          .split(/[^\p{L}\p{M}\p{N}_-]+/u)
          .filter((tok) => tok.length > 1 && isMixedScript(tok)).length;
        const reported = sanitizeTerminal(t).warnings.find((w) => w.kind === 'mixed-script')?.count ?? 0;
        expect(reported).toBe(reference);
      }),
      { numRuns: 5000 },
    );
  });
});
