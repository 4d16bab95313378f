// The action's second step (action.yml): `check` on a pull request, `archive` on a push to the
// main branch. Inputs come as INPUT_* variables, outputs go to $GITHUB_OUTPUT, the job summary
// to $GITHUB_STEP_SUMMARY. Exit 0 clean, 1 findings, 2 could not run.
import { runArchive } from './archive.mjs';
import { reportDecisions, runChecks } from './check.mjs';
import { command, input, Runner } from './runner.mjs';

/** Runs the mode the inputs choose; returns the exit code. */
async function main(env) {
  const runner = new Runner(env);
  const mode = input(env, 'mode', 'check');
  try {
    if (mode === 'check') {
      const seen = {};
      const code = runChecks(runner, env, seen);
      await reportDecisions(runner, env, seen.ledger);
      return code;
    }
    if (mode === 'archive') return runArchive(runner, env);
    throw new Error(`unknown mode '${mode}' (use check or archive)`);
  } catch (error) {
    runner.log(command('error', { title: 'agent-config' }, error.message));
    return 2;
  }
}

process.exitCode = await main(process.env);
