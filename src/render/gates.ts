import { personCommand } from '../core/person-command.js';
import { field, LABEL_W, plural, ruleHeader, WIDTH, wrap } from '../core/text/layout.js';
import { type SanitizeWarning, type SanitizeWarningKind, sanitizeTerminal } from '../core/text/sanitize.js';
import { approvePlanArgs, decideArgs, type GateEntry, type PlanEntry } from '../roadmap/gate-entries.js';
import { regroupTodo } from '../roadmap/todo.js';
import type { PendingRow } from './pending.js';

/** Hidden or confusable characters found in what a view showed from one file. */
export interface HiddenCharacters {
  /** The roadmap file (repository-relative) the text came from. */
  file: string;
  warnings: SanitizeWarning[];
}

/** A rendered text view and the hidden characters it had to escape on the way. */
export interface RenderedGates {
  text: string;
  hidden: HiddenCharacters[];
}

/** Which text form `gates` prints (its `--json` document is `gatesDocument`, beside the verb). */
export type GatesView = 'text' | 'reply';

const NO_RECOMMENDATION = '(none recorded — this entry predates the field; ask for one before deciding)';
const NO_STEPS = '(no steps recorded — the blocker entry in the roadmap needs a **What to do:** list)';
const NO_STEPS_REPLY = '(no steps recorded — the blocker entry needs a **What to do:** list)';
const FOOTER = [
  'Not sure about one of these? Ask your agent:',
  '  "guide me through <id>"   — one decision, step by step',
];
const KIND_ORDER: SanitizeWarningKind[] = ['control', 'backspace', 'bidi', 'zero-width', 'mixed-script'];

/** Sanitizes every string a view shows and tallies what it escaped, per file. */
class Cleaner {
  private readonly tally = new Map<string, Map<SanitizeWarningKind, number>>();

  /** A text built from values already shown (and counted): escaped, not counted again. */
  again(text: string): string {
    return sanitizeTerminal(text, { inline: true }).text;
  }

  clean(text: string, file: string): string {
    // Every value `gates` shows is one line of the roadmap (or a path): a newline in it can
    // only come from a hostile file name, so it is shown, never obeyed.
    const result = sanitizeTerminal(text, { inline: true });
    if (result.warnings.length > 0) {
      const kinds = this.tally.get(file) ?? new Map<SanitizeWarningKind, number>();
      for (const w of result.warnings) kinds.set(w.kind, (kinds.get(w.kind) ?? 0) + w.count);
      this.tally.set(file, kinds);
    }
    return result.text;
  }

  hidden(): HiddenCharacters[] {
    return [...this.tally.entries()].map(([file, kinds]) => ({
      file,
      warnings: KIND_ORDER.filter((k) => kinds.has(k)).map((kind) => ({ kind, count: kinds.get(kind)! })),
    }));
  }
}

/** What `gates` prints when there is no roadmap folder, per view (upstream's strings). */
export function renderNoRoadmaps(view: GatesView): string {
  if (view === 'reply') return '';
  return 'No roadmaps directory — nothing to report.\n';
}

function headline(mine: number, others: number, all: boolean, staged: number): string {
  if (staged > 0) {
    const what = [mine > 0 ? plural(mine, 'decision') : '', plural(staged, 'staged action')];
    const head = `${what.filter((w) => w !== '').join(' and ')} need${mine + staged === 1 ? 's' : ''} you`;
    return others === 0 ? head : `${head} · ${others} more with maintainer/external${all ? '' : ' (--all)'}`;
  }
  if (mine === 0 && others === 0) return 'No open blockers at all.';
  if (mine === 0) {
    return `Nothing is waiting on you. ${plural(others, 'open blocker')} sit with maintainer/external${all ? '' : ' — see --all'}.`;
  }
  const head = `${plural(mine, 'decision')} need${mine === 1 ? 's' : ''} you`;
  if (others === 0) return head;
  return `${head} · ${others} more with maintainer/external${all ? '' : ' (--all)'}`;
}

/** One entry's block; `owner` adds its Owner line (`--all`, where not every blocker is yours). */
function entryLines(
  n: number,
  entry: GateEntry,
  cleaner: Cleaner,
  owner: boolean,
  decideLine = true,
): string[] {
  const b = entry.blocker;
  const c = (text: string) => cleaner.clean(text, entry.file);
  const head = b.legacy ? `${n} · blocked-until note` : `${n} · ${c(b.id)}`;
  const tail = entry.openSteps > 0 ? `unblocks: ${plural(entry.openSteps, 'step')}` : '';
  const lines = [
    '',
    ruleHeader(head, tail),
    ...field('Roadmap:', c(entry.roadmap)),
    ...(owner ? field('Owner:', c(b.owner)) : []),
    ...field('Blocks:', c(b.blocks)),
    ...field('The question:', c(b.question)),
    ...field('Recommendation:', b.recommendation === '' ? NO_RECOMMENDATION : c(b.recommendation)),
  ];
  const label = b.legacy ? 'Blocked until:' : 'Do this:';
  const steps = regroupTodo(b.todo);
  if (steps.length === 0) lines.push(...field(label, NO_STEPS));
  steps.forEach((step, i) => {
    lines.push(...field(i === 0 ? label : '', c(step)));
  });
  b.options.forEach((o, i) => {
    const text = `${i + 1}. ${c(o.text)}${o.recommended ? ' (recommended)' : ''}`;
    lines.push(...field(i === 0 ? 'Options:' : '', text));
  });
  lines.push(...field('If you do nothing:', c(b.ifNothing)), ...field('Done when:', c(b.resolvedWhen)));
  const decide = decideLine ? decideArgs(entry) : null;
  // One line however long: a command broken over two lines cannot be copied.
  if (decide !== null) lines.push(`  ${'Decide:'.padEnd(LABEL_W)}${cleaner.again(personCommand(decide))}`);
  return lines;
}

/** A live staged action, numbered after the decisions, with the commands that answer it. */
function stageLines(n: number, row: PendingRow, cleaner: Cleaner): string[] {
  const c = (text: string) => cleaner.clean(text, row.file ?? row.token);
  const token = c(row.token);
  return [
    '',
    ruleHeader(`${n} · staged: ${c(row.action)}`, `token: ${token}`),
    ...field('Object:', c(row.object)),
    ...field('Staged by:', c(row.source)),
    ...field('Expires:', c(row.expiresAt)),
    ...field('Confirm:', personCommand(`confirm ${token}`)),
    ...field('Decline:', personCommand(`decline ${token}`)),
  ];
}

/** A plan waiting for the person's approval, numbered after the blockers, with its command. */
function planLines(n: number, plan: PlanEntry, cleaner: Cleaner): string[] {
  const c = (text: string) => cleaner.clean(text, plan.file);
  const why =
    plan.state === 'unapproved'
      ? 'its frontmatter says approval: required, and nobody has approved it yet'
      : `its phases or steps changed after ${c(plan.approvedBy ?? '?')} approved it on ${c((plan.approvedAt ?? '').slice(0, 10))}`;
  return [
    '',
    ruleHeader(`${n} · plan: ${c(plan.roadmap)}`, ''),
    ...field('Roadmap:', c(plan.roadmap)),
    ...field('The question:', 'Do you approve this plan as it stands?'),
    ...field('Why now:', why),
    `  ${'Decide:'.padEnd(LABEL_W)}${cleaner.again(personCommand(approvePlanArgs(plan)))}`,
  ];
}

/**
 * The default view (decisions owned by the person) or, with `all`, every open blocker:
 * a headline, one block per entry in `gates` order, then each live staged action (`stages`,
 * status `pending`), and the guide footer when a decision is shown. Without stages the view is
 * upstream's. Every string from a roadmap or a stage record is sanitized for the terminal.
 */
export function renderGatesText(
  entries: readonly GateEntry[],
  options: { all: boolean; stages?: readonly PendingRow[]; plans?: readonly PlanEntry[] },
): RenderedGates {
  const stages = options.stages ?? [];
  const plans = options.plans ?? [];
  const mine = entries.filter((e) => e.needsYou).length + plans.length;
  const shown = options.all ? entries : entries.filter((e) => e.needsYou);
  const cleaner = new Cleaner();
  const lines = [headline(mine, entries.length + plans.length - mine, options.all, stages.length)];
  shown.forEach((entry, i) => {
    lines.push(...entryLines(i + 1, entry, cleaner, options.all));
  });
  plans.forEach((plan, i) => {
    lines.push(...planLines(shown.length + i + 1, plan, cleaner));
  });
  stages.forEach((row, i) => {
    lines.push(...stageLines(shown.length + plans.length + i + 1, row, cleaner));
  });
  if (shown.length + plans.length > 0) lines.push('', ...FOOTER, '');
  else if (stages.length > 0) lines.push('');
  return { text: `${lines.join('\n')}\n`, hidden: cleaner.hidden() };
}

/**
 * What `decide` shows a person before asking: the blocker exactly as `gates` shows it (every
 * value sanitized), the answer that will be recorded, the status line it becomes and who
 * decides, then the question: type the blocker's id.
 */
export function decideQuestion(
  entry: GateEntry,
  choice: { option: number | null; answer: string },
  status: string,
  decider: string,
): RenderedGates {
  const cleaner = new Cleaner();
  const c = (text: string) => cleaner.clean(text, entry.file);
  const block = entryLines(1, entry, cleaner, true, false).slice(2);
  const answer = choice.option === null ? c(choice.answer) : `${choice.option}. ${c(choice.answer)}`;
  const lines = [
    ruleHeader('Decide a blocker', `id: ${c(entry.blocker.id)}`),
    ...block,
    '',
    `  ${'Your answer:'.padEnd(LABEL_W)}${answer}`,
    `  ${'Status becomes:'.padEnd(LABEL_W)}${c(status)}`,
    `  ${'Deciding as:'.padEnd(LABEL_W)}${c(decider)}`,
    '',
    'Deciding records your answer in the evidence ledger, then writes it into the status line.',
    `Type the blocker id (${c(entry.blocker.id)}) to decide (anything else cancels): `,
  ];
  return { text: lines.join('\n'), hidden: cleaner.hidden() };
}

/**
 * What `decide --approve-plan` shows: the plan's phases and steps (their checkbox states do not
 * count), who approves, then the question: type the roadmap's name.
 */
export function approvePlanQuestion(
  file: string,
  stem: string,
  phases: ReadonlyArray<{ id: string; name: string; steps: ReadonlyArray<{ text: string }> }>,
  decider: string,
): RenderedGates {
  const cleaner = new Cleaner();
  const c = (text: string) => cleaner.clean(text, file);
  const lines = [ruleHeader('Approve a plan', c(file))];
  for (const phase of phases) {
    lines.push(`  Phase ${c(phase.id)} — ${c(phase.name)}`);
    for (const step of phase.steps) lines.push(`    - ${c(step.text)}`);
  }
  lines.push(
    '',
    `  ${'Approving as:'.padEnd(LABEL_W)}${c(decider)}`,
    '',
    'Approving records these phases and steps in the evidence ledger: rewording, adding or removing one later needs a new approval; ticking a step does not.',
    `Type the roadmap's name (${c(stem)}) to approve (anything else cancels): `,
  );
  return { text: lines.join('\n'), hidden: cleaner.hidden() };
}

function replySteps(label: string, steps: readonly string[]): string[] {
  if (steps.length === 0) return [`${label} ${NO_STEPS_REPLY}`];
  if (steps.length === 1) return wrap(`${label} ${steps[0]}`, WIDTH, '    ');
  // wrap() drops the leading spaces, so a step's first line starts at column 0 (as upstream).
  return [label, ...steps.flatMap((step) => wrap(`  ${step}`, WIDTH, '     '))];
}

/** `wrap` at WIDTH, keeping each `code span` whole: a command split over two lines cannot be copied. */
function wrapSentence(sentence: string): string[] {
  const glued = sentence.replace(/`[^`]*`/g, (span) => span.replace(/ /g, '\u0000'));
  return wrap(glued, WIDTH, '    ').map((line) => line.replace(/\u0000/g, ' '));
}

function planSentence(plans: readonly PlanEntry[]): string[] {
  const first = plans[0]!;
  const cmd = sanitizeTerminal(personCommand(approvePlanArgs(first)), { inline: true }).text;
  const more =
    plans.length > 1 ? ` (and ${plural(plans.length - 1, 'more')}: \`${personCommand('gates')}\`)` : '';
  return wrapSentence(
    `${plural(plans.length, 'plan')} await${plans.length === 1 ? 's' : ''} your approval — \`${cmd}\`${more}.`,
  );
}

function stagedSentence(staged: number): string[] {
  const sentence = `${plural(staged, 'staged action')} await${staged === 1 ? 's' : ''} your confirmation — \`${personCommand('gates --pending')}\`.`;
  return wrapSentence(sentence);
}

/**
 * The end-of-reply form: nothing at all when nothing waits on the person; otherwise the first
 * decision in `gates` order in full and one line counting the rest, then one line counting the
 * live staged actions (`staged`) when there are any.
 */
export function renderGatesReply(
  entries: readonly GateEntry[],
  staged = 0,
  plans: readonly PlanEntry[] = [],
): RenderedGates {
  const mine = entries.filter((e) => e.needsYou);
  const lead = mine[0];
  const planned = plans.length > 0 ? planSentence(plans) : [];
  if (lead === undefined) {
    const text = [...planned, ...(staged > 0 ? stagedSentence(staged) : [])];
    return { text: text.length > 0 ? `${text.join('\n')}\n` : '', hidden: [] };
  }
  const cleaner = new Cleaner();
  const c = (text: string) => cleaner.clean(text, lead.file);
  const b = lead.blocker;
  const lines = [
    `Blocked: ${c(b.blocks)} — ${c(lead.roadmap)}`,
    ...replySteps(b.legacy ? 'Blocked until:' : 'Do:', regroupTodo(b.todo).map(c)),
    ...wrap(`Done when: ${c(b.resolvedWhen)}`, WIDTH, '    '),
    ...b.options.flatMap((o, i) => {
      // wrap() drops leading spaces: the label's width is put back on the first line.
      const text = `${i + 1}. ${c(o.text)}${o.recommended ? ' (recommended)' : ''}`;
      const lines = wrap(text, WIDTH - 9, '            ');
      lines[0] = `${i === 0 ? 'Options: ' : '         '}${lines[0]}`;
      return lines;
    }),
  ];
  const decide = decideArgs(lead);
  if (decide !== null) lines.push(`Decide: \`${cleaner.again(personCommand(decide))}\``);
  const rest = mine.length - 1;
  if (rest > 0) {
    const sentence = `${plural(rest, 'other decision')} also wait${rest === 1 ? 's' : ''} on you, none blocking this — \`${personCommand('gates')}\`.`;
    lines.push('', ...wrapSentence(sentence));
  }
  if (planned.length > 0) lines.push(...(rest > 0 ? [] : ['']), ...planned);
  if (staged > 0) lines.push(...(rest > 0 || planned.length > 0 ? [] : ['']), ...stagedSentence(staged));
  return { text: `${lines.join('\n')}\n`, hidden: cleaner.hidden() };
}
