import { CONFIG_KEYS, type Config, DEFAULT_CONFIG, formatDuration } from '../core/config.js';
import { docPage } from '../core/doc-page.js';
import { personCommand } from '../core/person-command.js';
import { wrap } from '../core/text/layout.js';
import { loadYaml } from '../core/yaml.js';

/** The example roadmap `init` writes into an empty roadmap folder. */
export const EXAMPLE_ROADMAP_NAME = 'road-to-example.md';

/** The id of the example roadmap's blocker (what `gates` shows after `init`). */
export const EXAMPLE_BLOCKER_ID = 'first-plan';

/**
 * One phase done in part, one waiting on a decision, and that decision as a complete blocker
 * entry (every field `lint` asks for), so `gates` and the dashboard show something real.
 */
export const EXAMPLE_ROADMAP = `---
status: ready
---

# Roadmap: example — turn this into your first plan

Written by \`agent-config init\` to show the format. Agents and people plan work here: one
phase per stage of the work, one \`- [ ]\` step per thing that can be done and checked, and a
blocker entry for every decision only a person can make. Edit it into your own plan, or
delete it once you have one.

## Phase 1 — Set up

- [x] Run \`${personCommand('init')}\`
- [ ] Commit the new files: \`agents/\`, \`agent-config.yaml\` and \`.gitignore\`
- [ ] Run \`${personCommand('progress --check')}\` and \`${personCommand('lint')}\` in CI

## Phase 2 — The first real plan

- [ ] Write the first roadmap of your own <!-- blocked-by: ${EXAMPLE_BLOCKER_ID} -->
- [ ] Delete this example

## Blockers

### blocker: ${EXAMPLE_BLOCKER_ID}
- **Status:** open
- **Owner:** user
- **Blocks:** Phase 2 — the first real plan
- **Question:** Which piece of work do we plan here first?
- **Recommendation:** the change you expect to take more than one session, so its steps and decisions outlive any one conversation.
- **If you do nothing:** this example stays the only roadmap, and \`${personCommand('gates')}\` keeps asking.
- **What to do:**
  1. Name the piece of work.
  2. Write this entry's status as \`resolved — <the name>\`.
- **Resolved when:** this entry says \`resolved\` and a roadmap of your own exists next to this one.
`;

/** The ignore rule for machine-local state (staged confirmations) that git must never see. */
export const RUNTIME_IGNORE_RULE = '/agents/runtime/';

/** What each key means, in the file `init` writes; keys without a line point at the docs. */
const KEY_NOTES: Record<string, string> = {
  roadmaps: 'Folder of active roadmaps (archive/, skipped/, stubs/ and later/ below it).',
  dashboard: 'The dashboard `agent-config progress` writes.',
  frozen: 'Frozen records: files no command ever rewrites (archive leaves their links as recorded).',
  'failure-signatures': 'Failure-signature documents (lint rule failure-signatures).',
  'stable-docs': 'Documents that must cite no specific roadmap file (lint rule roadmap-refs).',
  verdicts:
    'Reviewer verdicts kept as evidence; each must pass `agent-config verdict check` (lint rule verdicts).',
  staging: 'Staged confirmations: default lifetime of a stage, and the longest any stage can live.',
  guard:
    'Guard rules of the agent harness hook: default actions switched off, actions no gate window lets through, rules of your own.',
  notify: `Where a person is told what waits for them: webhooks, programs, the desktop (${docPage('notify.md')}).`,
  evidence:
    'The evidence ledger (agents/evidence/ledger/): whether it is written, whether staged objects are kept raw, and whether a resolved blocker needs the record `decide` writes.',
  lint: 'Lint rules switched on or off by id (on or off), e.g. rules: { step-past-gate: on }.',
};

const kebab = (field: string) => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The value of one top-level key in `config`, as YAML data. A group of keys (`staging:`) is
 * the config's object with its fields in kebab case, and a `…Ms` field is a duration
 * (`maxTtlMs` becomes `max-ttl: 24h`), which is how the schema names them.
 */
function yamlValue(key: string, config: Config): unknown {
  const spec = CONFIG_KEYS[key];
  if (spec === undefined) return undefined;
  if (typeof spec !== 'string') return config[spec[0]];
  // Rules are on or off in the file, booleans in the configuration.
  if (spec === 'lint')
    return {
      rules: Object.fromEntries(Object.entries(config.lint.rules).map(([id, on]) => [id, on ? 'on' : 'off'])),
    };
  if (spec === 'notify')
    return config.notify.channels.map((c) =>
      c.kind === 'webhook'
        ? { webhook: c.url }
        : c.kind === 'command'
          ? { command: c.argv }
          : { desktop: true },
    );
  const group = (config as unknown as Record<string, Record<string, unknown>>)[spec] ?? {};
  return Object.fromEntries(
    Object.entries(group).map(([field, value]) =>
      field.endsWith('Ms') && typeof value === 'number'
        ? [kebab(field.slice(0, -2)), formatDuration(value)]
        : [kebab(field), value],
    ),
  );
}

/**
 * Every key of `agent-config.yaml` with its default, uncommented: the YAML that
 * `renderConfigTemplate` comments out line by line. Built from `CONFIG_KEYS` and
 * `DEFAULT_CONFIG`, so a key added to the schema is listed without touching this file.
 */
export function renderConfigDefaults(config: Config = DEFAULT_CONFIG): string[][] {
  const { stringify } = loadYaml();
  return Object.keys(CONFIG_KEYS).map((key) =>
    stringify({ [key]: yamlValue(key, config) }, { lineWidth: 0 })
      .trimEnd()
      .split('\n'),
  );
}

/** A sentence as `# ` comment lines of at most 90 columns. */
function wrapComment(text: string): string[] {
  return wrap(text, 88).map((line) => `# ${line}`);
}

/** The commented `agent-config.yaml` `init` writes: every key, commented out, at its default. */
export function renderConfigTemplate(): string {
  const keys = Object.keys(CONFIG_KEYS);
  const blocks = renderConfigDefaults().map((lines, i) => {
    const note = KEY_NOTES[keys[i]!] ?? `See ${docPage('configuration.md')}.`;
    return [...wrapComment(note), ...lines.map((line) => `#   ${line}`)].join('\n');
  });
  return [
    '# agent-config.yaml — the configuration of agent-config, explained in',
    `# ${docPage('configuration.md')}.`,
    '# Every key is optional. Each is listed below, commented out, with its default:',
    '# to change one, remove the "#   " in front of its lines and edit the value.',
    ...blocks.map((b) => `\n${b}`),
    '',
  ].join('\n');
}
