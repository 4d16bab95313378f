import type { Severity } from '../core/diagnostics.js';
import type { DecisionLedger } from '../evidence/decision-records.js';
import type { Roadmap } from '../roadmap/model.js';

/** The kinds of document a rule can apply to; one file can be in several. */
export type Scope = 'roadmap' | 'failure-signatures' | 'stable-doc' | 'verdict';

/** One file as the rules see it: its text, the scopes it is in, and the roadmap model when it is one. */
export interface LintDocument {
  /** Repository-relative POSIX path. */
  file: string;
  text: string;
  scopes: ReadonlySet<Scope>;
  /** The parsed roadmap when the file is an active, non-draft roadmap. */
  roadmap: Roadmap | null;
  /** The bytes were not valid UTF-8; `text` holds U+FFFD where they were. */
  invalidUtf8: boolean;
}

/** Roadmaps of one file stem, for `<stem>#<id>` references. */
export interface RoadmapMatch {
  /** Active (non-draft) roadmaps with that stem. */
  active: Roadmap[];
  /** Folders outside the active set holding a file of that stem (`archive`, `later`, …). */
  elsewhere: string[];
}

/** What rules may ask about the rest of the repository; answered lazily by the command. */
export interface Workspace {
  /** Roadmap root relative to the repository (`agents/roadmaps`). */
  roadmapsDir: string;
  findRoadmaps(stem: string): RoadmapMatch;
  /** The person's decisions the evidence ledger holds (verified, `human:` actors), read on first ask. */
  decisions(): DecisionLedger;
}

/** A finding before the runner adds the file, the rule id and the default severity. */
export interface Finding {
  line: number;
  column: number;
  message: string;
  severity?: Severity;
}

/** A document in a rule's documentation, checked by the test suite. */
export interface RuleExample {
  file: string;
  text: string;
  /** Other roadmaps the example refers to (`<stem>#<id>` references). */
  others?: Array<{ file: string; text: string }>;
  /** The decisions the ledger holds for the example (`decide`'s records); none when absent. */
  decisions?: DecisionLedger;
}

/** Everything `docs/rules.md` says about a rule. */
export interface RuleMeta {
  id: string;
  /** One sentence: what the rule checks. */
  description: string;
  /** Why it matters, in a few sentences. */
  rationale: string;
  severity: Severity;
  /** Whether `agent-config` can fix the finding itself (none can yet). */
  fixable: boolean;
  /**
   * Runs unless `lint.rules` switches it off (true when absent); a rule off by default runs
   * when `lint.rules` switches it on or the command line names it.
   */
  defaultOn?: boolean;
  scopes: Scope[];
  examples: { ok: RuleExample[]; notOk: RuleExample[] };
}

/** A lint rule: metadata and a pure check over one document. */
export interface LintRule {
  meta: RuleMeta;
  check(doc: LintDocument, workspace: Workspace): Finding[] | Promise<Finding[]>;
}
