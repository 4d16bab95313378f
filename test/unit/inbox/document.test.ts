import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  completenessLine,
  headline,
  type Inbox,
  inboxCounts,
  inboxDocument,
  orderInbox,
  ROOT_PROBLEMS,
} from '../../../src/inbox/inbox.js';

// The `inbox --json` document is frozen: docs/inbox.md shows it, and tools read it.

const worktree = (path: string, over: Partial<Inbox['repositories'][0]['worktrees'][0]> = {}) => ({
  path,
  branch: 'main',
  signed: false,
  ledger: 'clean' as const,
  window: null,
  decisions: [],
  stages: [],
  expiredStages: 0,
  problems: [],
  ...over,
});

const stage = (token: string, stagedAt: string) => ({
  token,
  action: 'git-force-push',
  object: 'o',
  source: 'hook:claude-code',
  stagedAt,
  expiresAt: '2026-11-30T12:15:00Z',
  confirm: `cd /r && npx --no agent-config confirm ${token}`,
});

const keysDeep = (value: unknown, at = ''): string[] => {
  if (Array.isArray(value)) return value.length === 0 ? [] : keysDeep(value[0], `${at}[]`);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [`${at}.${k}`, ...keysDeep(v, `${at}.${k}`)]);
};

describe('the inbox document', () => {
  it('has exactly the documented members, in order, and the example in docs/inbox.md has them too', () => {
    const doc = inboxDocument({
      repositories: [
        {
          path: '/r',
          worktrees: [
            worktree('/r', {
              window: { until: 'u', openedBy: 'human:ada', reason: 'x' },
              decisions: [
                { id: 'go', roadmap: 'agents/roadmaps/plan.md', line: 9, question: '', recommendation: 'go' },
              ],
              stages: [stage('aaaaaaaaaaaaaaaa', '2026-11-30T12:00:00Z')],
              problems: [{ root: '/r', kind: 'broken-config', detail: 'd' }],
            }),
          ],
        },
      ],
      problems: [],
    });
    const frozen = [
      '.headline',
      '.needsYou',
      '.needsYou.decisions',
      '.needsYou.stages',
      '.needsYou.repositories',
      '.counts',
      '.counts.repositories',
      '.counts.worktrees',
      '.counts.windows',
      '.repositories',
      '.repositories[].path',
      '.repositories[].worktrees',
      '.repositories[].worktrees[].path',
      '.repositories[].worktrees[].branch',
      '.repositories[].worktrees[].signed',
      '.repositories[].worktrees[].ledger',
      '.repositories[].worktrees[].window',
      '.repositories[].worktrees[].window.until',
      '.repositories[].worktrees[].window.openedBy',
      '.repositories[].worktrees[].window.reason',
      '.repositories[].worktrees[].decisions',
      '.repositories[].worktrees[].decisions[].id',
      '.repositories[].worktrees[].decisions[].roadmap',
      '.repositories[].worktrees[].decisions[].line',
      '.repositories[].worktrees[].decisions[].question',
      '.repositories[].worktrees[].decisions[].recommendation',
      '.repositories[].worktrees[].stages',
      '.repositories[].worktrees[].stages[].token',
      '.repositories[].worktrees[].stages[].action',
      '.repositories[].worktrees[].stages[].object',
      '.repositories[].worktrees[].stages[].source',
      '.repositories[].worktrees[].stages[].stagedAt',
      '.repositories[].worktrees[].stages[].expiresAt',
      '.repositories[].worktrees[].stages[].confirm',
      '.repositories[].worktrees[].expiredStages',
      '.repositories[].worktrees[].problems',
      '.repositories[].worktrees[].problems[].root',
      '.repositories[].worktrees[].problems[].kind',
      '.repositories[].worktrees[].problems[].detail',
      '.completeness',
      '.completeness.read',
      '.completeness.total',
      '.completeness.complete',
      '.completeness.line',
      '.completeness.problems',
      '.completeness.problems[].root',
      '.completeness.problems[].kind',
      '.completeness.problems[].detail',
    ];
    expect(keysDeep(doc)).toEqual(frozen);
    const page = readFileSync(join(import.meta.dirname, '../../../docs/inbox.md'), 'utf8');
    const example = JSON.parse(/## `--json`[\s\S]*?```json\n([\s\S]*?)```/.exec(page)![1]!);
    const withoutProblems = frozen.filter((k) => !k.includes('problems[]'));
    expect(keysDeep(example)).toEqual(withoutProblems);
    expect(ROOT_PROBLEMS).toEqual(['not-a-repository', 'unreadable', 'broken-config', 'corrupt-ledger']);
    for (const kind of ROOT_PROBLEMS) expect(page).toContain(`| \`${kind}\` |`);
  });

  it('counts in the headline and orders newest stage first', () => {
    const inbox = orderInbox({
      repositories: [
        {
          path: '/a',
          worktrees: [
            worktree('/a'),
            worktree('/a-2', { stages: [stage('bbbbbbbbbbbbbbbb', '2026-11-30T12:01:00Z')] }),
          ],
        },
        {
          path: '/c',
          worktrees: [
            worktree('/c', {
              stages: [
                stage('cccccccccccccccc', '2026-11-30T12:00:00Z'),
                stage('dddddddddddddddd', '2026-11-30T12:05:00Z'),
              ],
            }),
          ],
        },
        { path: '/q', worktrees: [worktree('/q')] },
      ],
      problems: [{ root: 'x', kind: 'not-a-repository', detail: 'git finds no repository there' }],
    });
    expect(inbox.repositories.map((r) => r.path)).toEqual(['/c', '/a', '/q']);
    expect(inbox.repositories[0]!.worktrees[0]!.stages.map((s) => s.token)).toEqual([
      'dddddddddddddddd',
      'cccccccccccccccc',
    ]);
    expect(inbox.repositories[1]!.worktrees.map((w) => w.path)).toEqual(['/a-2', '/a']);
    expect(headline(inboxCounts(inbox))).toBe(
      '0 decisions and 3 staged actions need you, in 2 of 3 repositories',
    );
    expect(completenessLine(inbox)).toBe(
      'Incomplete: read 4 of 5 working trees and roots in full; could not read x (not a repository: git finds no repository there).',
    );
    expect(
      headline(inboxCounts({ repositories: [{ path: '/q', worktrees: [worktree('/q')] }], problems: [] })),
    ).toBe('Nothing needs you, in 1 repository');
  });
});
