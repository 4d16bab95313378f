import { describe, expect, it } from 'vitest';
import { utf8View, viewBytes, viewReadsLikeText, viewText } from '../../../src/core/utf8-view.js';
import { isTerminalSafe, isTerminalSafeView } from '../../../src/render/sanitize.js';
import { WHITE_SPACE_BEYOND_ASCII } from '../../helpers/white-space.js';

/** Every code point but the surrogates, as a string. */
function* codePoints(): Generator<[number, string]> {
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    yield [cp, String.fromCodePoint(cp)];
  }
}

describe('UTF-8 views', () => {
  it('hold the UTF-8 bytes one a character, and give text and bytes back', () => {
    const text = 'Plan — Straße ✅ 🙂 日本';
    const view = utf8View(text);
    expect(view).toBe(Buffer.from(text, 'utf8').toString('latin1'));
    expect(/^[\0-\xff]*$/.test(view)).toBe(true);
    expect(viewText(view)).toBe(text);
    expect(viewBytes(view).equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(utf8View('plain ASCII')).toBe('plain ASCII');
    // A lone surrogate has no UTF-8 form.
    expect(viewText(utf8View('a\ud800b'))).toBe('a\ufffdb');
  });

  it('are trusted with a text only where no character of either reads as white space', () => {
    // The scanner's white-space tests are `\s`, `trim` and the step test (the same set). A
    // character the view may hold must not be white space as text, and none of its bytes may
    // be white space as a view (0xA0 would be U+00A0).
    const WS = /\s/;
    const wrong: string[] = [];
    for (const [cp, ch] of codePoints()) {
      if (cp < 0x80) continue;
      const bytes = Buffer.from(ch, 'utf8');
      if (!viewReadsLikeText(bytes.toString('latin1'))) continue;
      if (WS.test(ch) || WS.test(bytes.toString('latin1')) || ch.trim() !== ch) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
    // And it is not so careful that the common characters lose the view.
    for (const ch of ['—', '–', '…', '✅', '🙂', 'é', 'ß', 'Ж', '→', '█', '“']) {
      expect(viewReadsLikeText(Buffer.from(`a ${ch} b`).toString('latin1'))).toBe(true);
    }
    for (const ch of [...WHITE_SPACE_BEYOND_ASCII, 'à']) {
      expect(viewReadsLikeText(Buffer.from(`a ${ch} b`).toString('latin1'))).toBe(false);
    }
  });

  it('tell the sanitizer what the text would: isTerminalSafeView on every code point', () => {
    const wrong: string[] = [];
    for (const [cp, ch] of codePoints()) {
      const text = `a${ch}b`;
      if (isTerminalSafeView(utf8View(text)) !== isTerminalSafe(text)) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });
});
