import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { groupsFor, registrations } from '../../../src/cli/registry.js';
import { buildProgram, runCli } from '../../../src/cli/run-cli.js';
import { makeContext } from '../../helpers/context.js';

const verbsAdded = (register: (typeof registrations)[number]['register']) => {
  const program = new Command('agent-config');
  register(program, makeContext('/'), { exitCode: 0 });
  return program.commands.flatMap((c) => [c.name(), ...c.aliases()]);
};

/** What the program built with every verb prints and returns for `argv`. */
async function fullRun(argv: string[]) {
  const ctx = makeContext('/');
  const program = buildProgram(ctx, { exitCode: 0 });
  let thrown = '';
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    thrown = (error as { code?: string }).code ?? 'error';
  }
  return { stdout: ctx.stdout.text, stderr: ctx.stderr.text, thrown };
}

/** The same through `runCli`, which builds only the verbs `argv` names. */
async function lazyRun(argv: string[]) {
  const ctx = makeContext('/');
  const code = await runCli(argv, ctx);
  return { stdout: ctx.stdout.text, stderr: ctx.stderr.text, code };
}

describe('building only the verbs a run names', () => {
  it('lists, for each module, exactly the top-level names and aliases it adds', () => {
    for (const group of registrations) {
      expect([...group.verbs].sort(), group.verbs[0]).toEqual(verbsAdded(group.register).sort());
    }
    // No word belongs to two modules.
    const all = registrations.flatMap((g) => g.verbs);
    expect(new Set(all).size).toBe(all.length);
  });

  it('gives each verb the help and the option errors of the whole program', async () => {
    for (const verb of registrations.flatMap((g) => g.verbs)) {
      for (const argv of [
        [verb, '--help'],
        [verb, '--no-such-option'],
      ]) {
        const full = await fullRun(argv);
        const lazy = await lazyRun(argv);
        expect(lazy.stdout, argv.join(' ')).toBe(full.stdout);
        expect(lazy.stderr, argv.join(' ')).toBe(full.stderr);
        expect(full.stdout + full.stderr, argv.join(' ')).not.toBe('');
      }
    }
  });

  it('builds every verb when the first word is not one', () => {
    expect(groupsFor([])).toBe(registrations);
    expect(groupsFor(['--version'])).toBe(registrations);
    expect(groupsFor(['--debug', 'progress'])).toBe(registrations);
    expect(groupsFor(['help', 'progress'])).toBe(registrations);
    expect(groupsFor(['progres'])).toBe(registrations);
    expect(groupsFor(['roadmap:progress-check']).map((g) => g.verbs[0])).toEqual(['progress']);
    expect(groupsFor(['claim', 'x']).map((g) => g.verbs[0])).toEqual(['stage']);
  });

  it('still lists every verb in the help and suggests one for a mistyped word', async () => {
    const help = await lazyRun(['--help']);
    for (const group of registrations) expect(help.stdout).toContain(`  ${group.verbs[0]}`);
    const typo = await lazyRun(['progres']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('progress');
  });
});
