/**
 * The ids of the lint rules, in `docs/rules.md` order, for the configuration to validate
 * `lint.rules` against (core/ cannot import lint/). A test holds it equal to the rules' own ids.
 */
export const LINT_RULE_IDS = Object.freeze([
  'blockers',
  'trackable',
  'failure-signatures',
  'roadmap-refs',
  'hidden-unicode',
  'verdicts',
  'step-past-gate',
  'unrecorded-resolution',
  'plan-drift',
] as const);

export type LintRuleId = (typeof LINT_RULE_IDS)[number];
