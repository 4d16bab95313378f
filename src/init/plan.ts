import { CONFIG_FILE } from '../core/config.js';
import { personCommand } from '../core/person-command.js';
import {
  EXAMPLE_ROADMAP,
  EXAMPLE_ROADMAP_NAME,
  RUNTIME_IGNORE_RULE,
  renderConfigTemplate,
} from './templates.js';

/** What `init` found in the repository, read by its adapter before anything is planned. */
export interface InitFacts {
  /** The roadmap folder and dashboard (from an existing `agent-config.yaml`, else the defaults). */
  roadmaps: string;
  dashboard: string;
  configExists: boolean;
  /** Markdown files already in the roadmap folder (0 when it does not exist). */
  roadmapCount: number;
  dashboardExists: boolean;
  /** `.gitignore` at the root, or null when there is none. */
  gitignore: string | null;
  /** The pre-commit hook, when `--hooks` was asked for; `shown` is how the report names it. */
  hook?: { shown: string; exists: boolean };
  /** The agent harness's settings, when `--agent` was asked for: the file, and our hook's state in it. */
  agentHook?: { agent: string; file: string; exists: boolean; state: 'absent' | 'outdated' | 'current' };
}

/**
 * One thing `init` sets up. `create` writes `content` to `path` (for the dashboard and the
 * hook, the command that owns the file writes it); `append` adds `content` to the end of an
 * existing file; `keep` leaves what exists alone.
 */
export interface InitItem {
  kind: 'config' | 'roadmap' | 'dashboard' | 'gitignore' | 'hook' | 'agent-hook';
  path: string;
  /** `merge` adds our entry to a settings file and keeps every other setting in it. */
  action: 'create' | 'append' | 'merge' | 'keep';
  /** What the item is for, or why it is kept. */
  note: string;
  content?: string;
  /** The harness of an `agent-hook` item. */
  agent?: string;
}

export interface InitPlan {
  items: InitItem[];
}

/** True when a `.gitignore` line already ignores the runtime folder. */
export function ignoresRuntime(gitignore: string): boolean {
  return gitignore.split(/\r?\n/).some((line) => /^\/?agents\/runtime(\/(\*\*?)?)?\s*$/.test(line));
}

function gitignoreItem(gitignore: string | null): InitItem {
  const rule = `# agent-config: machine-local state (staged confirmations), never committed\n${RUNTIME_IGNORE_RULE}\n`;
  if (gitignore === null) {
    return {
      kind: 'gitignore',
      path: '.gitignore',
      action: 'create',
      note: 'ignores agents/runtime/',
      content: rule,
    };
  }
  if (ignoresRuntime(gitignore)) {
    return { kind: 'gitignore', path: '.gitignore', action: 'keep', note: 'already ignores agents/runtime/' };
  }
  const separator = gitignore === '' || gitignore.endsWith('\n') ? '' : '\n';
  return {
    kind: 'gitignore',
    path: '.gitignore',
    action: 'append',
    note: 'now ignores agents/runtime/',
    content: `${separator}${rule}`,
  };
}

/** Decides, from what exists, what `init` creates and what it keeps. Never plans a rewrite. */
export function planInit(facts: InitFacts): InitPlan {
  const items: InitItem[] = [];
  items.push(
    facts.configExists
      ? { kind: 'config', path: CONFIG_FILE, action: 'keep', note: 'exists' }
      : {
          kind: 'config',
          path: CONFIG_FILE,
          action: 'create',
          note: 'every key, commented out, with its default',
          content: renderConfigTemplate(),
        },
  );
  items.push(
    facts.roadmapCount > 0
      ? {
          kind: 'roadmap',
          path: `${facts.roadmaps}/`,
          action: 'keep',
          note: `has ${facts.roadmapCount} roadmap(s); no example added`,
        }
      : {
          kind: 'roadmap',
          path: `${facts.roadmaps}/${EXAMPLE_ROADMAP_NAME}`,
          action: 'create',
          note: 'an example roadmap: two phases and one open blocker',
          content: EXAMPLE_ROADMAP,
        },
  );
  items.push(
    facts.dashboardExists
      ? { kind: 'dashboard', path: facts.dashboard, action: 'keep', note: 'exists' }
      : {
          kind: 'dashboard',
          path: facts.dashboard,
          action: 'create',
          note: 'the dashboard, as `progress` writes it',
        },
  );
  items.push(gitignoreItem(facts.gitignore));
  if (facts.hook !== undefined) {
    items.push(
      facts.hook.exists
        ? {
            kind: 'hook',
            path: facts.hook.shown,
            action: 'keep',
            note: `exists; \`${personCommand('hooks install')}\` updates or replaces it`,
          }
        : {
            kind: 'hook',
            path: facts.hook.shown,
            action: 'create',
            note: 'runs `progress --check` and `lint --staged` when markdown is staged',
          },
    );
  }
  if (facts.agentHook !== undefined) items.push(agentHookItem(facts.agentHook));
  return { items };
}

function agentHookItem(hook: NonNullable<InitFacts['agentHook']>): InitItem {
  const base = { kind: 'agent-hook' as const, path: hook.file, agent: hook.agent };
  if (hook.state === 'current')
    return { ...base, action: 'keep', note: `has the agent-config hook (${hook.agent})` };
  if (hook.state === 'outdated')
    return {
      ...base,
      action: 'merge',
      note: `the agent-config hook (${hook.agent}) now fails closed; every other setting kept`,
    };
  const what = `the ${hook.agent} hook that stages guarded commands (PreToolUse, Bash)`;
  return hook.exists
    ? { ...base, action: 'merge', note: `${what}; every other setting kept` }
    : { ...base, action: 'create', note: what };
}
