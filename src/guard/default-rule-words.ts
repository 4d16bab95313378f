import type { RuleVocabulary } from './vocabulary.js';

/**
 * The programs and keywords of the default rules (default-rules.ts), as data: the hook's fast
 * path reads these without loading the rules' code. A test keeps them equal to the rules'.
 */
export const DEFAULT_RULE_WORDS: readonly (RuleVocabulary & { action: string })[] = [
  { action: 'git-force-push', programs: ['git'], keywords: ['push', 'send-pack', 'http-push'] },
  { action: 'git-push-delete', programs: ['git'], keywords: ['push', 'send-pack', 'http-push'] },
  { action: 'git-branch-delete', programs: ['git'], keywords: ['branch', 'update-ref'] },
  { action: 'git-tag-delete', programs: ['git'], keywords: ['tag'] },
  { action: 'git-clean', programs: ['git'], keywords: ['clean'] },
  { action: 'npm-publish', programs: ['npm', 'pnpm', 'yarn', 'bun'], keywords: ['publish', 'pu'] },
  { action: 'npm-unpublish', programs: ['npm', 'pnpm'], keywords: ['unpublish', 'unp'] },
  { action: 'gh-release', programs: ['gh'], keywords: ['release'] },
  { action: 'gh-repo-delete', programs: ['gh'], keywords: ['repo'] },
  { action: 'gh-pr-merge', programs: ['gh'], keywords: ['merge'] },
  { action: 'terraform-apply', programs: ['terraform', 'tofu'], keywords: ['apply'] },
  { action: 'terraform-destroy', programs: ['terraform', 'tofu'], keywords: ['destroy', 'apply'] },
  { action: 'kubectl-delete', programs: ['kubectl', 'oc'], keywords: ['delete'] },
  {
    action: 'sql-drop',
    programs: ['psql', 'mysql', 'mariadb', 'sqlite3', 'duckdb', 'dropdb', 'mysqladmin'],
    keywords: ['drop'],
  },
  { action: 'git-reset-hard', programs: ['git'], keywords: ['reset'] },
  { action: 'git-discard-changes', programs: ['git'], keywords: ['checkout', 'switch', 'restore'] },
  { action: 'git-stash-drop', programs: ['git'], keywords: ['stash'] },
  { action: 'git-filter-branch', programs: ['git'], keywords: ['filter-branch', 'filter-repo'] },
  { action: 'git-reflog-expire', programs: ['git'], keywords: ['reflog', 'gc', 'prune'] },
  { action: 'rm-recursive', programs: ['rm'], keywords: ['rm'] },
  { action: 'cargo-publish', programs: ['cargo'], keywords: ['publish', 'release'] },
  {
    action: 'python-publish',
    programs: ['twine', 'uv', 'poetry', 'flit', 'hatch', 'pdm', 'python', 'python3'],
    keywords: ['upload', 'publish', 'register', 'pu'],
  },
  { action: 'gem-push', programs: ['gem', 'rake'], keywords: ['push', 'release'] },
  {
    action: 'container-push',
    programs: ['docker', 'podman', 'nerdctl', 'buildah', 'docker-compose', 'podman-compose'],
    keywords: ['push'],
  },
  { action: 'gh-api-delete', programs: ['gh'], keywords: ['api'] },
  {
    action: 'git-base-move',
    programs: ['git'],
    keywords: [
      'fetch',
      'pull',
      'push',
      'remote',
      'update-ref',
      'symbolic-ref',
      'branch',
      'send-pack',
      'receive-pack',
    ],
  },
];
