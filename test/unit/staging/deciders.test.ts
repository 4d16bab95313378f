import { describe, expect, it } from 'vitest';
import { deciderFits, mayDecide, parseDecider } from '../../../src/staging/deciders.js';
import { parseStageInput } from '../../../src/staging/stage-input.js';

describe('who decides', () => {
  it('is a closed set: human:<id>, reviewer:<id> and the clock', () => {
    expect(parseDecider('human:ada')).toEqual({ kind: 'human', id: 'ada' });
    expect(parseDecider('reviewer:gpt-review')).toEqual({ kind: 'reviewer', id: 'gpt-review' });
    expect(parseDecider('system:ttl')).toEqual({ kind: 'system', id: 'ttl' });
    for (const bad of [
      'agent:x',
      'system:cron',
      'human:',
      'human: ',
      'Human:ada',
      'human:a\nb',
      'human:a\u202eb',
      `human:${'a'.repeat(101)}`,
      '',
      42,
      null,
    ]) {
      expect(parseDecider(bad), String(bad)).toBeNull();
    }
  });

  it('lets a person confirm or decline, a reviewer only decline, the clock only expire', () => {
    const table = ['human:ada', 'reviewer:r', 'system:ttl', 'agent:x', null].map((d) => [
      d,
      mayDecide(d, 'confirmed'),
      mayDecide(d, 'declined'),
      mayDecide(d, 'expired'),
    ]);
    expect(table).toEqual([
      ['human:ada', true, true, false],
      ['reviewer:r', false, true, false],
      ['system:ttl', false, false, true],
      ['agent:x', false, false, false],
      [null, false, false, false],
    ]);
  });

  it('reads a stored record as fitting only when its decider fits its state', () => {
    expect(deciderFits('pending', null)).toBe(true);
    expect(deciderFits('pending', 'system:ttl')).toBe(true);
    expect(deciderFits('pending', 'human:ada')).toBe(false);
    expect(deciderFits('confirmed', 'human:ada')).toBe(true);
    expect(deciderFits('confirmed', 'reviewer:r')).toBe(false);
    expect(deciderFits('claimed', 'human:ada')).toBe(true);
    expect(deciderFits('claimed', null)).toBe(false);
    expect(deciderFits('declined', 'reviewer:r')).toBe(true);
    expect(deciderFits('declined', 'human:ada')).toBe(true);
    expect(deciderFits('declined', 'system:ttl')).toBe(false);
    expect(deciderFits('declined', null)).toBe(false);
  });
});

describe('stage --input', () => {
  const base = { action: 'a', object: 'o', source: 's' };
  it('reads the four fields and refuses settlement keys before anything else', () => {
    expect(parseStageInput(JSON.stringify({ ...base, ttl: '5m' }))).toEqual({
      ok: true,
      fields: { ...base, ttl: '5m' },
    });
    expect(parseStageInput(JSON.stringify({ claimed_at: null, unknown: 1 }))).toMatchObject({
      ok: false,
      code: 'supplied-key-refused',
    });
    expect(parseStageInput(JSON.stringify({ ...base, ttl: 5 }))).toMatchObject({
      ok: false,
      code: 'input-invalid',
    });
    expect(parseStageInput('\uFEFF{}')).toMatchObject({ ok: false, code: 'input-invalid' });
    expect(parseStageInput('{}', true)).toMatchObject({
      ok: false,
      message: 'the bytes are not valid UTF-8',
    });
  });
});
