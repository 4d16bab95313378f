import type { LintRule } from '../types.js';
import { blockersRule } from './blockers.js';
import { failureSignaturesRule } from './failure-signatures.js';
import { hiddenUnicodeRule } from './hidden-unicode.js';
import { roadmapRefsRule } from './roadmap-refs.js';
import { trackableRule } from './trackable.js';
import { verdictsRule } from './verdicts.js';

/** Every lint rule, in the order `docs/rules.md` lists them. */
export const RULES: readonly LintRule[] = [
  blockersRule,
  trackableRule,
  failureSignaturesRule,
  roadmapRefsRule,
  hiddenUnicodeRule,
  verdictsRule,
];

/** The rule with this id, or undefined. */
export function findRule(id: string): LintRule | undefined {
  return RULES.find((r) => r.meta.id === id);
}
