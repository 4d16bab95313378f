import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: the Action's scripts are plain ES modules without types.
import { runChecks } from '../../../action/check.mjs';

interface Answer {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A runner that answers each agent-config call from a table, the way the Action's Runner
 * answers from the built binary; the outcome must come from the `--json` document.
 */
function runnerAnswering(answers: (args: string[]) => Answer) {
  const outputs: Record<string, unknown> = {};
  let summary = '';
  return {
    outputs,
    summary: () => summary,
    runner: {
      agentConfig: answers,
      git: () => ({ code: 0, stdout: '', stderr: '' }),
      log: () => {},
      output: (name: string, value: unknown) => {
        outputs[name] = value;
      },
      summary: (text: string) => {
        summary = text;
      },
    },
  };
}

const json = (document: unknown): Answer => ({ code: 0, stdout: JSON.stringify(document), stderr: '' });

describe('the Action reads ok and the problem kinds from the documents', () => {
  it('fails progress on a document that says ok: false, whatever the exit code', () => {
    const t = runnerAnswering((args) =>
      args.includes('--json') ? json({ ok: false, stale: true }) : { code: 0, stdout: 'text', stderr: '' },
    );
    expect(runChecks(t.runner, { INPUT_CHECKS: 'progress' })).toBe(1);
    expect(t.outputs.failed).toBe('progress');
    expect(t.summary()).toContain('❌ failed');
  });

  it('calls a progress run that printed no document one that could not run', () => {
    const t = runnerAnswering(() => ({ code: 1, stdout: 'not json', stderr: '' }));
    expect(runChecks(t.runner, { INPUT_CHECKS: 'progress' })).toBe(2);
    expect(t.summary()).toContain('⚠️ could not run');
  });

  const home = process.cwd();
  afterEach(() => process.chdir(home));

  it('tells a ledger finding from a ledger it could not read by the problem codes', () => {
    // The check looks for the ledger folder in the working directory, as in a workflow.
    const dir = mkdtempSync(join(tmpdir(), 'action-check-'));
    mkdirSync(join(dir, 'agents', 'evidence', 'ledger'), { recursive: true });
    process.chdir(dir);
    const env = { INPUT_CHECKS: 'evidence', INPUT_BASE: 'main' };
    const verdict = (code: string) => {
      const t = runnerAnswering((args) =>
        args.includes('--json')
          ? json({ ok: false, exit: 1, streams: [], problems: [{ code, file: 'a.jsonl' }], anomalies: [] })
          : { code: 1, stdout: '', stderr: `${code}` },
      );
      return runChecks(t.runner, env);
    };
    expect(verdict('hash-mismatch')).toBe(1);
    expect(verdict('io-error')).toBe(2);
  });
});
