import type { Config } from '../core/config.js';
import { LINT_RULE_IDS, type LintRuleId } from '../core/lint-rule-ids.js';
import { RULES } from './rules/index.js';
import type { LintRule } from './types.js';

/**
 * Whether a rule runs when the command line names none: as `lint.rules` says, else its default
 * — `unrecorded-resolution` follows `evidence.decisions: required`.
 */
export function ruleOn(rule: LintRule, config: Config): boolean {
  const set = config.lint.rules[rule.meta.id];
  if (set !== undefined) return set;
  if (rule.meta.id === 'unrecorded-resolution') return config.evidence.decisions === 'required';
  return rule.meta.defaultOn !== false;
}

/** A key of `agent-config.yaml` that holds the plan to its checks (docs/decide.md, "What CI holds"). */
export type LintKey = 'evidence.decisions' | `lint.rules.${LintRuleId}`;

/** One way a later configuration checks less than an earlier one: the key, its YAML path, what changed. */
export interface LintLoosening {
  key: LintKey;
  /** The key's path in the YAML document, for finding its line. */
  path: string[];
  detail: string;
}

/**
 * How `after` checks less than `before` (`evidence verify --against BASE`: BASE, then HEAD):
 * each lint rule `before` runs (set on, or on by default) that `after` does not, in rule order,
 * then `evidence.decisions` lowered from `required` to `optional`. A rule that goes off only
 * because `evidence.decisions` was lowered is that key's finding, not a second one. Switching
 * a rule on is never a loosening.
 */
export function lintLoosenings(before: Config, after: Config): LintLoosening[] {
  const out: LintLoosening[] = [];
  for (const rule of RULES) {
    const id = rule.meta.id as LintRuleId;
    if (!ruleOn(rule, before) || ruleOn(rule, after)) continue;
    const named = before.lint.rules[id] !== undefined || after.lint.rules[id] !== undefined;
    if (id === 'unrecorded-resolution' && !named) continue;
    const how = after.lint.rules[id] === false ? 'is switched off' : 'no longer runs';
    const was = before.lint.rules[id] === true ? 'switched on' : 'on by default';
    out.push({
      key: `lint.rules.${id}`,
      path: ['lint', 'rules', id],
      detail: `the lint rule ${id} ${how} (${was} at the base)`,
    });
  }
  if (before.evidence.decisions === 'required' && after.evidence.decisions !== 'required')
    out.push({
      key: 'evidence.decisions',
      path: ['evidence', 'decisions'],
      detail: 'optional instead of required: a blocker may be resolved without a recorded decision',
    });
  return out;
}

/** Every key `lintLoosenings` may name, in its order (docs/evidence.md lists them). */
export const LINT_KEYS: readonly LintKey[] = [
  ...LINT_RULE_IDS.map((id): LintKey => `lint.rules.${id}`),
  'evidence.decisions',
];
