import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { processSpawn } from '../../../src/cli/process-ports.js';
import { runNotify } from '../../../src/commands/notify/notify.js';
import { runStage } from '../../../src/commands/staging/stage.js';
import { ensureBuilt, runBinAsync } from '../../helpers/bin.js';
import { makeContext } from '../../helpers/context.js';
import { GIT_ENV, makeRepo, tempDir } from '../../helpers/repo.js';

beforeAll(ensureBuilt);

const T0 = new Date('2026-11-30T12:00:00Z');
const DAY = 24 * 60 * 60_000;

/** A repository whose one channel appends each event's line to `log` (committed: in force). */
function repoLogging(): { root: string; log: string } {
  const log = join(tempDir(), 'log.jsonl');
  const root = makeRepo({
    'agents/README.md': 'x\n',
    'agent-config.yaml': `notify:\n  - command: [sh, -c, 'cat >> "$0"', ${JSON.stringify(log)}]\n`,
  });
  return { root, log };
}

const lines = (log: string) => {
  try {
    return readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { id: string });
  } catch {
    return [];
  }
};

// No detached drainer here (no script to start): each drain below is run on purpose.
const ctxAt = (root: string, at: Date) =>
  makeContext(root, {
    clock: () => at,
    spawn: processSpawn({ execPath: process.execPath, script: undefined, env: process.env }),
  });

describe('the outbox', () => {
  it('several drainers at once deliver each event once per channel', async () => {
    const { root, log } = repoLogging();
    // Staged now: the drainers read the real clock, and a stage of T0 would read as expired.
    for (let i = 0; i < 20; i++)
      await runStage(ctxAt(root, new Date()), { action: 'deploy', object: `o${i}`, source: 'agent:x' });
    expect(readdirSync(join(root, 'agents/runtime/notify/outbox'))).toHaveLength(20);
    const drains = await Promise.all(
      Array.from({ length: 4 }, () => runBinAsync(root, ['notify', '--drain', '--json'], GIT_ENV)),
    );
    const delivered = drains.flatMap((d) => JSON.parse(d.stdout).delivered as Array<{ event: string }>);
    expect(delivered).toHaveLength(20);
    expect(new Set(delivered.map((d) => d.event)).size).toBe(20);
    expect(lines(log)).toHaveLength(20);
    expect(new Set(lines(log).map((l) => l.id)).size).toBe(20);
  }, 120_000);

  it('forgets a delivered event after a month, and delivers nothing again', async () => {
    const { root, log } = repoLogging();
    await runStage(ctxAt(root, T0), { action: 'deploy', object: 'o', source: 'agent:x' });
    const first = await runNotify(ctxAt(root, T0), { drain: true });
    expect(first.delivered).toHaveLength(1);
    // A month later: the stage's event is forgotten; that it expired unanswered is announced once.
    const later = await runNotify(ctxAt(root, new Date(T0.getTime() + 31 * DAY)), { drain: true });
    expect(later.announced).toEqual([`expired.${lines(log)[0]!.id.slice('stage.'.length)}`]);
    expect(later.events).toBe(1);
    // Another month: that one is forgotten too, and nothing is announced or sent again.
    const after = await runNotify(ctxAt(root, new Date(T0.getTime() + 62 * DAY)), { drain: true });
    expect([after.events, after.announced, after.delivered]).toEqual([0, [], []]);
    expect(lines(log).map((l) => l.id.split('.')[0])).toEqual(['stage', 'expired']);
  });
});
