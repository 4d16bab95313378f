import { BASE_RULES } from './base-rules.js';
import { GIT_RULES } from './git-rules.js';
import { INFRA_RULES } from './infra-rules.js';
import { PUBLISH_RULES } from './publish-rules.js';
import { RM_RULE } from './rm-rule.js';
import type { GuardRule } from './rule-types.js';
import { TOOL_RULES } from './tool-rules.js';

const byAction = new Map(
  [...GIT_RULES, ...TOOL_RULES, ...INFRA_RULES, ...PUBLISH_RULES, RM_RULE, ...BASE_RULES].map((r) => [
    r.action,
    r,
  ]),
);

// The order is the order of actions in a stage's name (`git-force-push+npm-publish`): the first
// fourteen keep the order they had when they were the only ones.
const ORDER = [
  'git-force-push',
  'git-push-delete',
  'git-branch-delete',
  'git-tag-delete',
  'git-clean',
  'npm-publish',
  'npm-unpublish',
  'gh-release',
  'gh-repo-delete',
  'gh-pr-merge',
  'terraform-apply',
  'terraform-destroy',
  'kubectl-delete',
  'sql-drop',
  'git-reset-hard',
  'git-discard-changes',
  'git-stash-drop',
  'git-filter-branch',
  'git-reflog-expire',
  'rm-recursive',
  'cargo-publish',
  'python-publish',
  'gem-push',
  'container-push',
  'gh-api-delete',
  'git-base-move',
];

/** The default rule set (docs/guard.md lists it). Action names are frozen: windows name them. */
export const DEFAULT_RULES: readonly GuardRule[] = ORDER.map((action) => byAction.get(action)!);

/**
 * The programs, subcommands and options the default rules hold, one entry per rule: what a
 * property test enumerates to check that the hook's fast path never says less than the parser.
 */
export const GUARDED_VOCABULARY = DEFAULT_RULES.map((r) => ({
  action: r.action,
  programs: r.programs,
  keywords: r.keywords,
  ...r.vocabulary!,
}));
