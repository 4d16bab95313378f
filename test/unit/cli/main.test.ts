import { describe, expect, it } from 'vitest';
import { processContext } from '../../../src/cli/main.js';

describe('processContext', () => {
  it('hands down this process and whether another still runs (the ledger lock’s port)', () => {
    const { processes } = processContext();
    expect(processes.pid).toBe(process.pid);
    expect(processes.isAlive(process.pid)).toBe(true);
    // pid 1 always runs, often under another user (EPERM); no pid reaches 2^30.
    expect(processes.isAlive(1)).toBe(true);
    expect(processes.isAlive(2 ** 30)).toBe(false);
  });
});
