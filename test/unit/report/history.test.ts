import { describe, expect, it } from 'vitest';
import type { LoggedCommit, RawChange } from '../../../src/core/git-port.js';
import { blobsToRead, buildHistory, firstShown, kindOf } from '../../../src/report/history.js';

const P = 'agents/roadmaps/';

function commit(n: number, changes: RawChange[]): LoggedCommit {
  return { commit: String(n).repeat(40), time: n, date: `2026-01-0${n}T00:00:00Z`, changes };
}

const text = (steps: string) => Buffer.from(`# T\n\n## Phase 1\n\n${steps}\n`);

describe('kindOf', () => {
  it('classifies paths as the dashboard discovers them', () => {
    expect(kindOf(`${P}a.md`, P)).toBe('active');
    expect(kindOf(`${P}topic/a.md`, P)).toBe('active');
    expect(kindOf(`${P}archive/a.md`, P)).toBe('archived');
    expect(kindOf(`${P}archive/2026/a.md`, P)).toBe('archived');
    for (const other of [
      `${P}later/a.md`,
      `${P}topic/skipped/a.md`,
      `${P}README.md`,
      `${P}a.txt`,
      'docs/a.md',
    ]) {
      expect(kindOf(other, P)).toBeNull();
    }
  });
});

describe('buildHistory', () => {
  const blobs = new Map<string, Buffer | null>([
    ['b1', text('- [x] a\n- [ ] b')],
    ['b2', text('- [x] a\n- [x] b')],
    ['bin', Buffer.from([0x23, 0, 0x0a])],
  ]);

  it('counts a symbolic link, a submodule and a binary blob as no steps, each named once', () => {
    const h = buildHistory(
      [
        commit(1, [
          { path: `${P}a.md`, blob: 'b1', mode: '100644' },
          { path: `${P}link.md`, blob: 'b1', mode: '120000' },
          { path: `${P}sub.md`, blob: 'b1', mode: '160000' },
          { path: `${P}bin.md`, blob: 'bin', mode: '100644' },
        ]),
      ],
      blobs,
      'agents/roadmaps',
    );
    expect(h.history[0]!.active).toEqual({ done: 1, open: 1, deferred: 0, cancelled: 0 });
    expect(h.roadmaps.flatMap((r) => r.problems.map((p) => [p.path, p.problem]))).toEqual([
      [`${P}bin.md`, 'is binary (contains NUL bytes)'],
      [`${P}link.md`, 'is a symbolic link in git; its target is not read'],
      [`${P}sub.md`, 'is a submodule, not a file'],
    ]);
  });

  it('names an unreadable file at the commits that wrote it, not at the one that deleted it', () => {
    const h = buildHistory(
      [
        commit(1, [{ path: `${P}bin.md`, blob: 'bin', mode: '100644' }]),
        commit(2, [{ path: `${P}bin.md`, blob: null, mode: '000000' }]),
      ],
      blobs,
      'agents/roadmaps',
    );
    expect(h.roadmaps.map((r) => [r.state, r.problems.map((p) => p.commit)])).toEqual([
      ['gone', ['1'.repeat(40)]],
    ]);
  });

  it('keeps a roadmap through a move with the same content, and starts anew after an edited move', () => {
    const h = buildHistory(
      [
        commit(1, [{ path: `${P}a.md`, blob: 'b1', mode: '100644' }]),
        commit(2, [
          { path: `${P}a.md`, blob: null, mode: '000000' },
          { path: `${P}b.md`, blob: 'b1', mode: '100644' },
        ]),
        commit(3, [
          { path: `${P}b.md`, blob: null, mode: '000000' },
          { path: `${P}c.md`, blob: 'b2', mode: '100644' },
        ]),
      ],
      blobs,
      'agents/roadmaps',
    );
    expect(h.roadmaps.map((r) => [r.path, r.formerPaths, r.state])).toEqual([
      [`${P}c.md`, [], 'active'],
      [`${P}b.md`, [`${P}a.md`], 'gone'],
    ]);
    expect(h.history.map((p) => p.active.done)).toEqual([1, 1, 2]);
  });

  it("follows archive's move to archive/<rel> in one commit even when the content changed", () => {
    const del = (path: string): RawChange => ({ path: `${P}${path}`, blob: null, mode: '000000' });
    const put = (path: string, blob: string): RawChange => ({ path: `${P}${path}`, blob, mode: '100644' });
    const h = buildHistory(
      [
        commit(1, [put('a.md', 'b1'), put('t/x.md', 'b1'), put('y.md', 'b1')]),
        commit(2, [put('a.md', 'b2'), put('t/x.md', 'b2'), put('y.md', 'b2')]),
        // a.md and t/x.md move with rewritten links; y.md goes while an unrelated archive/z.md comes.
        commit(3, [
          del('a.md'),
          put('archive/a.md', 'b3'),
          del('t/x.md'),
          put('archive/t/x.md', 'b3'),
          del('y.md'),
          put('archive/z.md', 'b3'),
        ]),
      ],
      new Map([...blobs, ['b3', text('- [x] a\n- [x] b\n\n[l](../../x.md)')]]),
      'agents/roadmaps',
    );
    expect(h.roadmaps.map((r) => [r.path, r.formerPaths, r.state, r.history.length])).toEqual([
      [`${P}archive/a.md`, [`${P}a.md`], 'archived', 2],
      [`${P}archive/t/x.md`, [`${P}t/x.md`], 'archived', 2],
      [`${P}archive/z.md`, [], 'archived', 1],
      [`${P}y.md`, [], 'gone', 3],
    ]);
  });

  it('reads only the blobs the shown part of the history needs', () => {
    const commits = [
      commit(1, [{ path: `${P}a.md`, blob: 'old', mode: '100644' }]),
      commit(2, [{ path: `${P}a.md`, blob: 'b1', mode: '100644' }]),
      commit(3, [{ path: `${P}b.md`, blob: 'b2', mode: '100644' }]),
    ];
    const start = firstShown(commits, (c) => c.time >= 3);
    expect(start).toBe(2);
    expect(blobsToRead(commits, P, start)).toEqual(['b1', 'b2']);
    const h = buildHistory(commits, blobs, 'agents/roadmaps', start);
    expect(h.history.map((p) => [p.commit, p.active.done])).toEqual([['3'.repeat(40), 3]]);
  });
});
