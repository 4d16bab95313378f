import type { Command } from 'commander';
import { type DecideReport, decideDocument, decideExit, runDecide } from '../../commands/decide/decide.js';
import { DECIDE_OUTCOMES } from '../../commands/decide/outcomes.js';
import type { Context } from '../../core/context.js';
import { sanitize } from '../../core/text/sanitize.js';
import { err, out, printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';

interface DecideFlags {
  roadmap?: string;
  option?: string;
  answer?: string;
  approvePlan?: string;
  as?: string;
  key?: string;
  json?: boolean;
  root?: string;
}

const line = (text: string) => sanitize(text, { inline: true });

/** Prints `decide`'s outcome: its code and meaning, then what was decided. */
function renderDecide(ctx: Context, r: DecideReport, json: boolean): void {
  if (json) {
    printDocument(ctx, decideDocument(r));
    return;
  }
  for (const h of r.hidden) {
    err(
      ctx,
      line(
        `agent-config decide: warning: ${h.file} holds hidden or confusable characters; they were shown escaped — check the file`,
      ),
    );
  }
  const meaning = DECIDE_OUTCOMES[r.outcome].meaning;
  const what = r.blocker ?? r.roadmap;
  const head = `${r.outcome}: ${what === null || what === '' ? '' : `${line(what)} — `}${meaning}`;
  // Could-not-run outcomes are errors (stderr); every other outcome is the verb's result.
  const write = r.exit === 2 ? err : out;
  write(ctx, r.exit === 2 ? `agent-config decide: ${head}` : head);
  const details: Array<[string, string | null]> = [
    ['Roadmap:', r.blocker === null ? null : r.roadmap],
    ['Status:', r.status],
    ['Plan:', r.outcome === 'plan-approved' || r.outcome === 'already-approved' ? r.planSha256 : null],
    ['Decided by:', r.outcome === 'decided' || r.outcome.endsWith('approved') ? r.decidedBy : null],
    ['Why:', r.problem],
  ];
  for (const [label, value] of details) if (value !== null) write(ctx, `  ${label.padEnd(12)}${line(value)}`);
}

/** `agent-config decide`: a person answers a blocker, or approves a plan, at a terminal. */
export function registerDecide(program: Command, ctx: Context, act: Act): void {
  const decide = program
    .command('decide')
    .description(
      'answer a blocker as a person at a terminal (records the answer, then writes it into the status line); --approve-plan approves a plan',
    )
    .argument('[blocker-id]', 'the id of the `### blocker:` entry (gates prints the command)')
    .option('--roadmap <path>', 'the roadmap that holds the blocker (needed when two have that id)')
    .option('--option <n>', 'answer with the blocker’s option N (they count from 1)')
    .option('--answer <text>', 'answer in your own words (one line)')
    .option(
      '--approve-plan <roadmap>',
      'approve the phases and steps of a roadmap that says approval: required',
    )
    .option('--as <human>', 'who decides, `human:<name>` (default: $AGENT_CONFIG_HUMAN)')
    .option('--key <file>', 'the SSH key that signs the decision when signers are registered')
    .option('--json', 'refused: a decision is never made by a program');
  rootOption(decide).action(
    act(
      async (blocker: string | undefined, opts: DecideFlags) => {
        const report = await runDecide(ctx, { ...opts, blocker });
        return { report, exit: decideExit(report) };
      },
      (report, _blocker, opts) => renderDecide(ctx, report, opts.json === true),
    ),
  );
}
