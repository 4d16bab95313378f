import { runEvidenceVerify, VERIFY_EXIT, verifyDocument } from '../commands/evidence/evidence.js';
import { gatesDocument, gatesDocumentCompact, runGates } from '../commands/gates/gates.js';
import { runInbox, runInboxDocument } from '../commands/inbox/inbox.js';
import { lintRuleIds, runLint } from '../commands/lint/lint.js';
import { progressDocument, runProgress } from '../commands/progress/progress.js';
import { roadmapDocument, runRoadmap } from '../commands/roadmap/roadmap.js';
import { runClaim } from '../commands/staging/claim.js';
import { pendingDocument, runPending } from '../commands/staging/pending.js';
import { runStage } from '../commands/staging/stage.js';
import { stagingDocument } from '../commands/staging/staging-shared.js';
import type { Context } from '../core/context.js';
import { docPage } from '../core/doc-page.js';
import { documentText } from '../core/document.js';
import { UsageError } from '../core/errors.js';
import { personCommand } from '../core/person-command.js';
import { lintJsonDocument } from '../lint/reporters/json.js';
import { renderGatesReply, renderNoRoadmaps } from '../render/gates.js';
import { windowLine } from '../render/window.js';
import type { McpSdk } from './load-sdk.js';

type Z = McpSdk['z'];
/** A zod object schema (zod itself is imported by sdk.ts alone). */
type InputSchema = Z['ZodObject']['prototype'];

/**
 * What a tool answers: the verb's `--json` document, the same object the CLI prints (the tool's
 * structured result; its text is the document as printed), and the warnings the CLI would write
 * to stderr.
 */
export interface ToolAnswer {
  document: object;
  /** The document as the CLI prints it, where that is not two-space indented. */
  text?: string;
  notes: string[];
  /** The verb could not run (a staging exit 2 such as a malformed token, an unreadable ledger): a tool error. */
  failed?: boolean;
}

/** One tool: its name, description, input schema, and the command it runs. */
export interface ToolSpec {
  name: string;
  description: string;
  /** Reads only: the client may call it without asking. */
  readOnly: boolean;
  input: (z: Z) => InputSchema;
  run: (ctx: Context, root: string, args: Record<string, unknown>) => Promise<ToolAnswer>;
}

const lines = (problems: ReadonlyArray<{ file: string; message: string; fix: string }>, what: string) =>
  problems.map((p) => `${p.file} ${p.message} — ${p.fix}; ${what}`);

const gates: ToolSpec = {
  name: 'gates',
  description:
    'The open decisions that wait on a person, as `agent-config gates --json` prints them (every open blocker with `all`). With `reply`, the end-of-reply form: `{"reply": text}`, the first decision in full or an empty text.',
  readOnly: true,
  input: (z) =>
    z.strictObject({
      all: z.boolean().optional().describe('every open blocker, whoever owns it'),
      reply: z.boolean().optional().describe('the end-of-reply text instead of the JSON document'),
    }),
  run: async (ctx, root, args) => {
    // The reply text shows no verdicts: it need not read them from the ledger.
    const report = await runGates(ctx, { root, verdicts: args.reply !== true });
    const notes = [
      ...report.warnings.map(
        (d) => `${d.file}:${d.line}:${d.column}  ${d.severity}  ${d.message}  ${d.code}`,
      ),
      ...lines(report.problems, 'its blockers are not shown'),
    ];
    if (args.reply === true) {
      const stages = report.pending.rows.filter((r) => r.status === 'pending').length;
      const text =
        report.hasRoadmaps || stages > 0
          ? renderGatesReply(report.entries, stages, report.plans ?? []).text
          : renderNoRoadmaps('reply');
      // As `gates --reply` prints it: an open window's line first.
      const window = report.window ?? null;
      const shown = window === null ? text : `${windowLine(window)}\n${text}`;
      const document = { reply: shown };
      return { document, text: JSON.stringify(document), notes };
    }
    const document = gatesDocument(report, args.all === true);
    return { document, text: documentText(document, gatesDocumentCompact(report)), notes };
  },
};

const pending: ToolSpec = {
  name: 'pending',
  description:
    'Staged actions awaiting a person’s confirmation, as `agent-config pending --json` prints them (expired and unreadable records included).',
  readOnly: true,
  input: (z) => z.strictObject({}),
  run: async (ctx, root) => {
    const report = await runPending(ctx, { root });
    const notes = report.tampered.map(
      (f) => `${f}: tampered (action, object or nonce no longer hash to its token); it never executes`,
    );
    return { document: pendingDocument(report), notes };
  },
};

const inbox: ToolSpec = {
  name: 'inbox',
  description:
    'Every decision, staged action and open gate window that waits on a person across this repository’s working trees, with each ledger’s integrity, as `agent-config inbox --json` prints it. Limited to this repository and its worktrees: it takes no roots or folders.',
  readOnly: true,
  // No arguments at all: an agent cannot point it at other folders and list the disk through it.
  input: (z) => z.strictObject({}),
  run: async (ctx, root) => {
    const document = runInboxDocument(await runInbox(ctx, { worktrees: true, root }));
    return { document, notes: document.completeness.complete ? [] : [document.completeness.line] };
  },
};

const progressCheck: ToolSpec = {
  name: 'progress_check',
  description:
    'Checks the roadmap dashboard without writing it, as `agent-config progress --check --json` prints it: `ok` is false when the dashboard is missing or stale or a finished roadmap waits to be archived.',
  readOnly: true,
  input: (z) => z.strictObject({}),
  run: async (ctx, root) => {
    return { document: progressDocument(await runProgress(ctx, { root, check: true })), notes: [] };
  },
};

const lint: ToolSpec = {
  name: 'lint',
  description:
    'Lints roadmaps and the documents agents rely on, as `agent-config lint --format json` prints it. Without `paths`, every document the configuration names; without `rules`, every rule.',
  readOnly: true,
  input: (z) =>
    z.strictObject({
      paths: z
        .array(z.string().min(1))
        .optional()
        .describe('files or folders, relative to the repository root'),
      rules: z
        .array(z.string().min(1))
        .optional()
        .describe(`rule ids (see ${docPage('rules.md')}); default: all`),
    }),
  run: async (ctx, root, args) => {
    const known = lintRuleIds();
    const rules = (args.rules as string[] | undefined) ?? [];
    const unknown = rules.find((r) => !known.includes(r));
    if (unknown !== undefined) {
      throw new UsageError(`unknown rule '${unknown}'`, 'lint rules', `use one of ${known.join(', ')}`);
    }
    // A path is never read as a rule id: `./blockers` is the file, `blockers` the rule.
    const paths = ((args.paths as string[] | undefined) ?? []).map((p) =>
      p.startsWith('/') || p.startsWith('./') || p.startsWith('../') ? p : `./${p}`,
    );
    const report = await runLint(ctx, { root, args: [...rules, ...paths] });
    return { document: lintJsonDocument(report), notes: [] };
  },
};

const stage: ToolSpec = {
  name: 'stage',
  description: `Stages an irreversible action until a person confirms it at a terminal (\`${personCommand('confirm TOKEN')}\`), as \`agent-config stage --json\` prints it. Staging the same action and object again returns the live stage. Then poll \`claim\`: only \`execute\` means do it now.`,
  readOnly: false,
  input: (z) =>
    z.strictObject({
      action: z.string().min(1).describe('what will be done, e.g. delete-branch'),
      object: z.string().min(1).describe('the exact target it will be done to'),
      ttl: z.string().optional().describe('how long it may wait, e.g. 15m (default: staging.ttl)'),
    }),
  run: async (ctx, root, args) => {
    const report = await runStage(ctx, {
      root,
      action: args.action as string,
      object: args.object as string,
      source: 'agent:mcp',
      ttl: args.ttl as string | undefined,
    });
    return { document: stagingDocument(report), notes: [], failed: report.exit === 2 };
  },
};

const claim: ToolSpec = {
  name: 'claim',
  description:
    'Claims a confirmed stage, by `token` or by `action` and `object`, as `agent-config claim --json` prints it. Outcome `execute` is answered to exactly one caller, ever: only then carry the action out; every other outcome (not-confirmed, declined, expired, …) means do not.',
  readOnly: false,
  input: (z) =>
    z.strictObject({
      token: z.string().optional().describe('the token `stage` answered'),
      action: z.string().optional().describe('with `object`, instead of a token'),
      object: z.string().optional().describe('with `action`, instead of a token'),
    }),
  run: async (ctx, root, args) => {
    const report = await runClaim(ctx, {
      root,
      token: args.token as string | undefined,
      action: args.action as string | undefined,
      object: args.object as string | undefined,
    });
    return { document: stagingDocument(report), notes: [], failed: report.exit === 2 };
  },
};

const evidenceVerify: ToolSpec = {
  name: 'evidence_verify',
  description:
    'Verifies every evidence ledger stream (hash chains), and with `against` a git revision that every stream and frozen record there was only appended to, as `agent-config evidence verify --json` prints it. `ok` false with exit 1 is an integrity failure, 3 a torn last line.',
  readOnly: true,
  input: (z) =>
    z.strictObject({
      against: z
        .string()
        .min(1)
        .optional()
        .describe('a git revision, e.g. origin/main (the pull request’s base)'),
    }),
  run: async (ctx, root, args) => {
    const report = await runEvidenceVerify(ctx, { root, against: args.against as string | undefined });
    // An unreadable ledger (exit 4) could not be verified: an error, with its document.
    return { document: verifyDocument(report), notes: [], failed: report.exit === VERIFY_EXIT.io.exit };
  },
};

const roadmap: ToolSpec = {
  name: 'roadmap',
  description:
    'One roadmap’s parsed model (phases, steps, blockers, markers, diagnostics) by its path below the roadmap folder (or from the repository root). A file that cannot be read answers `roadmap: null` and the `problem`.',
  readOnly: true,
  input: (z) =>
    z.strictObject({
      path: z.string().min(1).describe('e.g. my-roadmap.md or agents/roadmaps/my-roadmap.md'),
    }),
  run: async (ctx, root, args) => {
    const report = await runRoadmap(ctx, { root, path: args.path as string });
    const notes = report.problem === null ? [] : lines([report.problem], 'no model');
    return { document: roadmapDocument(report), notes };
  },
};

/** Every tool, in the order a client lists them. Nothing a person alone may do is here. */
export const TOOLS: readonly ToolSpec[] = [
  gates,
  pending,
  inbox,
  progressCheck,
  lint,
  evidenceVerify,
  stage,
  claim,
  roadmap,
];
