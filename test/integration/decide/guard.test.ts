import { describe, expect, it } from 'vitest';
import { run } from '../../helpers/context.js';
import { ledgerRecords } from '../../helpers/ledger.js';
import { cli } from '../staging/harness.js';
import { FILE, read, SEARCH, searchRepo } from './decide-repo.js';

function claudeInput(command: string, cwd: string): string {
  return JSON.stringify({
    session_id: 's1',
    transcript_path: '/tmp/t.jsonl',
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
  });
}

describe('decide from the agent’s shell', () => {
  it('is denied by the guard hook, whichever way the command gates prints is spelled', async () => {
    const dir = searchRepo();
    const blockers = JSON.parse((await run(dir, ['gates', '--json'])).stdout).blockers as Array<{
      id: string;
      decide: string;
    }>;
    const printed = blockers.find((b) => b.id === 'search-engine')!.decide;
    expect(printed).toBe(`npx --no agent-config decide search-engine --roadmap ${FILE} --option N`);
    for (const command of [
      printed.replace('--option N', '--option 1'),
      'AGENT_CONFIG_HUMAN=human:ada npx --no agent-config decide search-engine --option 1',
      `echo search-engine | node node_modules/agent-config/dist/bin.js decide search-engine --answer yes`,
      `npx --no agent-config decide --approve-plan ${FILE}`,
      // An agent makes its own terminal: the verb inside is still seen.
      'script -qec "npx --no agent-config decide search-engine --option 1" /dev/null',
      "python3 -c \"import pty; pty.spawn(['npx','--no','agent-config','decide','search-engine'])\"",
      'unbuffer npx --no agent-config decide search-engine --answer yes',
    ]) {
      const r = await cli(dir, ['hook', 'claude-code'], {
        overrides: { readStdin: () => claudeInput(command, dir) },
      });
      const out = JSON.parse(r.stdout).hookSpecificOutput;
      expect([command, out.permissionDecision]).toEqual([command, 'deny']);
    }
    expect(read(dir)).toBe(SEARCH);
    expect(ledgerRecords(dir).filter((l) => l.event === 'decision.resolved')).toEqual([]);
  });
});
