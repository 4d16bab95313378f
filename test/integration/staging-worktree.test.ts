import { cpSync, mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStage, serializeRecord } from '../../src/staging/record.js';
import { deriveToken } from '../../src/staging/token.js';
import { git, tempDir } from '../helpers/repo.js';
import { cli, confirmOne, readRecord, STORE, stageOne, stagingRepo, T0 } from './staging/harness.js';

// A stage is bound to the working tree that made it (docs/staging.md, "Bound to its working
// tree"): the attempts below are what an agent with a shell and file writes can do.

/** A repository with a second, linked working tree. */
function twoWorktrees(): { a: string; b: string } {
  const a = stagingRepo();
  const b = join(tempDir(), 'second');
  git(a, 'worktree', 'add', '-q', '-b', 'second', b);
  return { a, b };
}

/** Copies a token's record file and the whole evidence ledger from one working tree to another. */
function replay(from: string, to: string, folder: string, token: string): void {
  mkdirSync(join(to, STORE, folder), { recursive: true });
  cpSync(join(from, STORE, folder, `${token}.json`), join(to, STORE, folder, `${token}.json`));
  // The ledger too, so the stage.confirmed record is there: the refusal is the binding's, not a
  // missing record's.
  cpSync(join(from, 'agents/evidence'), join(to, 'agents/evidence'), { recursive: true });
}

describe('a stage bound to its working tree', () => {
  it('refuses a confirmation copied into another worktree (wrong-worktree) and still executes once where it was made', async () => {
    const { a, b } = twoWorktrees();
    const token = await stageOne(a);
    expect((await confirmOne(a, token)).code).toBe(0);
    replay(a, b, 'confirmed', token);
    const claimed = await cli(b, ['claim', token, '--json'], { minutes: 2 });
    expect(claimed.code).toBe(1);
    expect(JSON.parse(claimed.stdout).outcome).toBe('wrong-worktree');
    const byPair = await cli(b, ['claim', '--action', 'delete-branch', '--object', 'feature/x'], {
      minutes: 2,
    });
    expect(byPair.stdout).toMatch(/^wrong-worktree: /);
    expect((await confirmOne(b, token, 2)).stdout).toMatch(/^wrong-worktree: /);
    expect((await cli(b, ['decline', token, '--as', 'human:ada'], { minutes: 2 })).stdout).toMatch(
      /^wrong-worktree: /,
    );
    // Nothing was consumed in either place: the owner's claim executes, once.
    expect(readRecord(b, 'confirmed', token)).not.toBeNull();
    expect((await cli(a, ['claim', token], { minutes: 2 })).code).toBe(0);
    expect((await cli(a, ['claim', token], { minutes: 2 })).stdout).toMatch(/^already-claimed/);
  });

  it('refuses a confirmation replayed into another repository', async () => {
    const a = stagingRepo();
    const other = stagingRepo();
    const token = await stageOne(a);
    await confirmOne(a, token);
    replay(a, other, 'confirmed', token);
    const r = await cli(other, ['claim', token], { minutes: 2 });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^wrong-worktree: /);
  });

  it('reads a copied stage that names this working tree instead as tampered: the token hashes the working tree', async () => {
    const { a, b } = twoWorktrees();
    const token = await stageOne(a);
    await confirmOne(a, token);
    replay(a, b, 'confirmed', token);
    const file = join(b, STORE, 'confirmed', `${token}.json`);
    const record = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, serializeRecord({ ...record, worktree: realpathSync(b) }));
    expect((await cli(b, ['claim', token], { minutes: 2 })).stdout).toMatch(/^tampered: /);
    // Removing the binding makes it no legacy record either: the token was made with it.
    const { worktree: _gone, ...unbound } = record;
    writeFileSync(file, serializeRecord(unbound));
    expect((await cli(b, ['claim', token], { minutes: 2 })).stdout).toMatch(/^tampered: /);
  });

  it('keeps honouring a record written before stages were bound, where it lies', async () => {
    const dir = stagingRepo();
    const nonce = 'ab'.repeat(16);
    const record = buildStage(
      { action: 'delete-branch', object: 'feature/old', source: 'agent:old', nonce, now: T0, ttlMs: 900_000 },
      deriveToken('delete-branch', 'feature/old', nonce),
    );
    expect(record.worktree).toBeUndefined();
    mkdirSync(join(dir, STORE, 'pending'), { recursive: true });
    writeFileSync(join(dir, STORE, 'pending', `${record.token}.json`), serializeRecord(record));
    expect((await confirmOne(dir, record.token)).code).toBe(0);
    expect((await cli(dir, ['claim', record.token], { minutes: 2 })).code).toBe(0);
  });

  it('shows a stage copied from elsewhere as wrong-worktree in pending, never as waiting', async () => {
    const { a, b } = twoWorktrees();
    const token = await stageOne(a);
    mkdirSync(join(b, STORE, 'pending'), { recursive: true });
    cpSync(join(a, STORE, 'pending', `${token}.json`), join(b, STORE, 'pending', `${token}.json`));
    const r = await cli(b, ['pending', '--json']);
    const doc = JSON.parse(r.stdout);
    expect(doc.awaitingYou).toBe(0);
    expect(doc.staged[0].status).toBe('wrong-worktree');
    // Moved by hand into confirmed/ it is no better.
    mkdirSync(join(b, STORE, 'confirmed'), { recursive: true });
    renameSync(join(b, STORE, 'pending', `${token}.json`), join(b, STORE, 'confirmed', `${token}.json`));
    expect((await cli(b, ['claim', token])).stdout).toMatch(/^wrong-worktree: /);
  });
});
