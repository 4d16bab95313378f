import type { Diagnostic } from '../core/diagnostics.js';
import { NO_DECISIONS } from '../evidence/decision-records.js';
import { parseRoadmap } from '../roadmap/scanner.js';
import { lintDocuments } from './runner.js';
import type { LintDocument, LintRule, RuleExample, Workspace } from './types.js';

const ROADMAPS = 'agents/roadmaps';

function exampleDocument(rule: LintRule, file: string, text: string): LintDocument {
  const isRoadmap = file.startsWith(`${ROADMAPS}/`);
  const roadmap = isRoadmap ? parseRoadmap(text, { rel: file.slice(ROADMAPS.length + 1), file }) : null;
  return { file, text, scopes: new Set(rule.meta.scopes), roadmap, invalidUtf8: false };
}

/** Lints one documented example with its rule alone, as `docs/rules.md` shows it and the tests check it. */
export function lintExample(rule: LintRule, example: RuleExample): Promise<Diagnostic[]> {
  const others = (example.others ?? []).map((o) => exampleDocument(rule, o.file, o.text));
  const workspace: Workspace = {
    roadmapsDir: ROADMAPS,
    findRoadmaps: (stem) => ({
      active: others.flatMap((o) => (o.roadmap && o.file.endsWith(`/${stem}.md`) ? [o.roadmap] : [])),
      elsewhere: [],
    }),
    decisions: () => example.decisions ?? NO_DECISIONS,
  };
  return lintDocuments([exampleDocument(rule, example.file, example.text)], workspace, [rule], {
    parserDiagnostics: false,
  });
}
