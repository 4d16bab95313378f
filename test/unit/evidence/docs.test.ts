import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERIFY_EXIT } from '../../../src/commands/evidence/evidence.js';
import { EVIDENCE_EVENTS } from '../../../src/evidence/record.js';
import { VERIFY_REASONS } from '../../../src/evidence/verify.js';
import { GUARD_KEYS } from '../../../src/guard/anchor.js';
import { LINT_KEYS } from '../../../src/lint/loosenings.js';

const DOC = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'evidence.md'), 'utf8');

describe('docs/evidence.md', () => {
  it('documents every event, every verify reason and every append error code', () => {
    for (const event of EVIDENCE_EVENTS) expect(DOC).toContain(`\`${event}\``);
    for (const reason of VERIFY_REASONS) expect(DOC).toContain(`\`${reason}\``);
    const codes = [
      'ledger-not-folder',
      'ledger-outside',
      'lock-stale',
      'lock-timeout',
      'lock-foreign',
      'head-moved',
      'io-error',
      'invalid-entry',
    ];
    for (const code of codes) expect(DOC).toContain(`| \`${code}\` |`);
  });

  it('states the frozen exit codes as the command has them', () => {
    expect(Object.fromEntries(Object.entries(VERIFY_EXIT).map(([code, o]) => [code, o.exit]))).toEqual({
      clean: 0,
      integrity: 1,
      usage: 2,
      tornTail: 3,
      io: 4,
    });
    expect(DOC).toContain('**0** clean, **1** integrity failure');
    expect(DOC).toContain('**3** torn tail');
    expect(DOC).toContain('**4** I/O');
  });

  it('lists every --against finding code among the problem codes, and every key a loosening names', () => {
    const list = /Problem codes are the\s+reasons above, `torn-tail`, the `--against` codes \(([^)]*)\)/.exec(
      DOC,
    );
    expect(list).not.toBeNull();
    const codes = [...list![1]!.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]);
    expect(codes).toEqual([
      'stream-deleted',
      'prefix-diverged',
      'frozen-modified',
      'frozen-deleted',
      'guard-loosened',
      'lint-loosened',
      'blocker-removed',
      'approval-removed',
    ]);
    for (const key of Object.keys(GUARD_KEYS)) expect(DOC).toContain(`\`${key}\``);
    expect(DOC).toContain('`lint.rules.<rule>`');
    expect(LINT_KEYS).toContain('evidence.decisions');
    expect(DOC).toContain('`evidence.decisions`');
    expect(DOC).toContain(
      '{"code": "lint-loosened", "file": "agent-config.yaml", "key": "lint.rules.plan-drift", "line": 4}',
    );
    expect(DOC).toContain(
      '{"code": "blocker-removed", "file": "agents/roadmaps/search.md", "blocker": "search-engine"}',
    );
  });
});
