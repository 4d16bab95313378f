import type { LintRule } from '../types.js';
import { blockersRule } from './blockers.js';
import { failureSignaturesRule } from './failure-signatures.js';
import { hiddenUnicodeRule } from './hidden-unicode.js';
import { planDriftRule } from './plan-drift.js';
import { roadmapRefsRule } from './roadmap-refs.js';
import { stepPastGateRule } from './step-past-gate.js';
import { trackableRule } from './trackable.js';
import { unrecordedResolutionRule } from './unrecorded-resolution.js';
import { verdictsRule } from './verdicts.js';

/** Every lint rule, in the order `docs/rules.md` lists them. */
export const RULES: readonly LintRule[] = [
  blockersRule,
  trackableRule,
  failureSignaturesRule,
  roadmapRefsRule,
  hiddenUnicodeRule,
  verdictsRule,
  stepPastGateRule,
  unrecordedResolutionRule,
  planDriftRule,
];

/** The rule with this id, or undefined. */
export function findRule(id: string): LintRule | undefined {
  return RULES.find((r) => r.meta.id === id);
}
