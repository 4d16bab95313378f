import { docPage } from './doc-page.js';
import { ConfigError } from './errors.js';
import { DEFAULT_GUARD, type GuardSettings, parseGuardSettings } from './guard-config.js';
import { LINT_RULE_IDS } from './lint-rule-ids.js';
import { DEFAULT_NOTIFY, type NotifySettings, parseNotifySettings } from './notify-config.js';
import { loadYaml } from './yaml.js';

/** `agent-config.yaml`, with every key defaulted (SPEC §9). Paths are repository-relative. */
export interface Config {
  /** Folder of active roadmaps. */
  roadmaps: string;
  /** The generated dashboard. */
  dashboard: string;
  /** Globs of frozen records no command ever rewrites. */
  frozen: string[];
  /** Globs of failure-signature documents (lint rule `failure-signatures`). */
  failureSignatures: string[];
  /** Globs of stable documents that must cite no specific roadmap (lint rule `roadmap-refs`). */
  stableDocs: string[];
  /** Globs of reviewer verdicts kept as evidence (lint rule `verdicts`). */
  verdicts: string[];
  staging: {
    /** Default lifetime of a stage, in milliseconds. */
    ttlMs: number;
    /** The longest lifetime any stage can have, whatever its record says, in milliseconds. */
    maxTtlMs: number;
  };
  evidence: {
    /** Write the evidence ledger (`agents/evidence/ledger/`); false behaves as before it existed. */
    ledger: boolean;
    /** Record a staged action's raw object, not only its SHA-256 (the ledger is committed). */
    recordObjects: boolean;
    /**
     * `required`: a resolved blocker needs its `decision.resolved` record (the lint rule
     * `unrecorded-resolution` is on unless `lint.rules` switches it off); `optional` by default.
     */
    decisions: 'optional' | 'required';
  };
  lint: {
    /** Rules switched on or off by id (`true` on); a rule not named keeps its default. */
    rules: Record<string, boolean>;
  };
  /** Guard rules for the agent harness hook (docs/guard.md). */
  guard: GuardSettings;
  /** Where announcements of what waits for a person go (docs/notify.md). */
  notify: NotifySettings;
}

export const CONFIG_FILE = 'agent-config.yaml';

export const DEFAULT_CONFIG: Config = {
  roadmaps: 'agents/roadmaps',
  dashboard: 'agents/roadmaps-progress.md',
  frozen: ['agents/evidence/**', '**/*.patch'],
  failureSignatures: ['docs/**/failure-signatures.md'],
  stableDocs: ['docs/guidelines/**/*.md', 'docs/contracts/**/*.md', 'AGENTS.md', 'README.md'],
  verdicts: ['agents/evidence/reviews/**/*.json'],
  staging: { ttlMs: 15 * 60 * 1000, maxTtlMs: 24 * 60 * 60 * 1000 },
  evidence: { ledger: true, recordObjects: false, decisions: 'optional' },
  lint: { rules: {} },
  guard: DEFAULT_GUARD,
  notify: DEFAULT_NOTIFY,
};

const DURATION = /^(\d+)\s*(ms|s|m|h|d)$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses `90s`, `15m`, `2h`, `1d` or `500ms`; null for anything else. */
export function parseDuration(text: string): number | null {
  const m = DURATION.exec(text.trim());
  if (!m) return null;
  const ms = Number(m[1]) * UNIT_MS[m[2]!]!;
  return ms > 0 && Number.isSafeInteger(ms) ? ms : null;
}

/** Milliseconds as the largest whole unit `parseDuration` reads back (`15m`, `24h`). */
export function formatDuration(ms: number): string {
  for (const [unit, size] of [
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ] as const) {
    if (ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}

type Field = 'path' | 'globs' | 'duration';
const TOP_KEYS: Record<string, [keyof Config, Field] | 'staging' | 'evidence' | 'lint' | 'guard' | 'notify'> =
  {
    roadmaps: ['roadmaps', 'path'],
    dashboard: ['dashboard', 'path'],
    frozen: ['frozen', 'globs'],
    'failure-signatures': ['failureSignatures', 'globs'],
    'stable-docs': ['stableDocs', 'globs'],
    verdicts: ['verdicts', 'globs'],
    staging: 'staging',
    evidence: 'evidence',
    lint: 'lint',
    guard: 'guard',
    notify: 'notify',
  };
const EVIDENCE_KEYS: Record<string, 'ledger' | 'recordObjects' | 'decisions'> = {
  ledger: 'ledger',
  'record-objects': 'recordObjects',
  decisions: 'decisions',
};
const STAGING_KEYS: Record<string, 'ttlMs' | 'maxTtlMs'> = { ttl: 'ttlMs', 'max-ttl': 'maxTtlMs' };

function safeRelativePath(value: string): boolean {
  return (
    value.length > 0 && !value.startsWith('/') && !value.split('/').includes('..') && !value.includes('\0')
  );
}

type Locate = (path: string[]) => string;

function parseEvidence(value: unknown, config: Config, lineOf: Locate, keyLine: Locate): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(
      `'evidence' must be a mapping`,
      lineOf(['evidence']),
      'for example `evidence: { ledger: true }`',
    );
  }
  for (const [sub, subValue] of Object.entries(value as Record<string, unknown>)) {
    const target = EVIDENCE_KEYS[sub];
    if (target === undefined) {
      throw new ConfigError(
        `unknown key 'evidence.${sub}'`,
        keyLine(['evidence', sub]),
        'known keys: ledger, record-objects, decisions',
      );
    }
    if (target === 'decisions') {
      if (subValue !== 'optional' && subValue !== 'required') {
        throw new ConfigError(
          `'evidence.decisions' must be optional or required`,
          lineOf(['evidence', sub]),
          'write optional or required',
        );
      }
      config.evidence.decisions = subValue;
      continue;
    }
    if (typeof subValue !== 'boolean') {
      throw new ConfigError(
        `'evidence.${sub}' must be true or false`,
        lineOf(['evidence', sub]),
        'write true or false',
      );
    }
    config.evidence[target] = subValue;
  }
}

function parseLint(value: unknown, config: Config, lineOf: Locate, keyLine: Locate): void {
  const mapping = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!mapping(value)) {
    throw new ConfigError(
      `'lint' must be a mapping`,
      lineOf(['lint']),
      'for example `lint: { rules: { step-past-gate: on } }`',
    );
  }
  for (const [sub, rules] of Object.entries(value as Record<string, unknown>)) {
    if (sub !== 'rules') {
      throw new ConfigError(`unknown key 'lint.${sub}'`, keyLine(['lint', sub]), 'known keys: rules');
    }
    if (!mapping(rules)) {
      throw new ConfigError(
        `'lint.rules' must be a mapping of rule ids to on or off`,
        lineOf(['lint', 'rules']),
        'for example `rules: { step-past-gate: on }`',
      );
    }
    for (const [id, state] of Object.entries(rules as Record<string, unknown>)) {
      if (!(LINT_RULE_IDS as readonly string[]).includes(id)) {
        throw new ConfigError(
          `unknown lint rule '${id}' in 'lint.rules'`,
          keyLine(['lint', 'rules', id]),
          `the rules are ${LINT_RULE_IDS.join(', ')}`,
        );
      }
      if (state !== 'on' && state !== 'off') {
        throw new ConfigError(
          `'lint.rules.${id}' must be on or off`,
          lineOf(['lint', 'rules', id]),
          'write on or off',
        );
      }
      config.lint.rules[id] = state === 'on';
    }
  }
}

/** A parsed `agent-config.yaml` and where each of its top-level keys is set. */
export interface ConfigSource {
  config: Config;
  /** Each top-level key the file sets, with where: `agent-config.yaml:LINE` of the key. */
  keyAt: Partial<Record<string, string>>;
}

/**
 * Validates the text of `agent-config.yaml`. Unknown keys and wrong types are errors naming
 * the key and its line; absent keys keep their defaults.
 */
export function parseConfig(text: string, file = CONFIG_FILE): Config {
  return parseConfigSource(text, file).config;
}

/**
 * The line of the key at `path` in the text of `agent-config.yaml` (1-based), or of the deepest
 * key along it that the text has (a key removed: where its mapping is); null when the text
 * has none of them or is not YAML.
 */
export function configKeyLine(text: string, path: readonly string[]): number | null {
  const { LineCounter, parseDocument } = loadYaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) return null;
  type Pair = { key?: { value?: unknown; range?: number[] }; value?: unknown };
  let node: unknown = doc.contents;
  let line: number | null = null;
  for (const name of path) {
    const items = (node as { items?: Pair[] } | null)?.items;
    const pair = Array.isArray(items) ? items.find((i) => i?.key?.value === name) : undefined;
    const offset = pair?.key?.range?.[0];
    if (pair === undefined || offset === undefined) break;
    line = lineCounter.linePos(offset).line;
    node = pair.value;
  }
  return line;
}

/**
 * Text that is only blank lines and comments (spaces before them; no tab, no carriage return,
 * nothing any YAML version reads as a line break inside a comment): YAML reads no document
 * there, so the defaults. `init` writes such a file (every key commented out).
 */
const ONLY_COMMENTS = /^(?: *(?:#[^\n\r\u0085\u2028\u2029]*)?\n)* *(?:#[^\n\r\u0085\u2028\u2029]*)?$/;

/** Whether `parseConfigSource` reads `text` as the defaults without yaml (exported for its test). */
export function onlyComments(text: string): boolean {
  return ONLY_COMMENTS.test(text);
}

/** `parseConfig`, also saying which top-level keys the file sets and on which line. */
export function parseConfigSource(text: string, file = CONFIG_FILE): ConfigSource {
  // Without loading yaml (a few milliseconds on every guarded call) where it would read nothing.
  if (onlyComments(text)) return { config: structuredClone(DEFAULT_CONFIG), keyAt: {} };
  const { LineCounter, parseDocument } = loadYaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number | undefined) =>
    `${file}:${offset === undefined ? 1 : lineCounter.linePos(offset).line}`;
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    throw new ConfigError(`invalid YAML: ${e.message.split('\n')[0]}`, at(e.pos[0]), 'fix the YAML syntax');
  }
  const data: unknown = doc.toJS();
  const config: Config = structuredClone(DEFAULT_CONFIG);
  const keyAt: ConfigSource['keyAt'] = {};
  if (data === null || data === undefined) return { config, keyAt };
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new ConfigError(
      'the top level must be a mapping of keys',
      at(0),
      `see ${docPage('configuration.md')}`,
    );
  }
  const lineOf = (path: (string | number)[]) => {
    const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
    return at(node?.range?.[0]);
  };
  const keyLine = (path: string[]) => {
    const parent = path.length > 1 ? (doc.getIn(path.slice(0, -1), true) as unknown) : doc.contents;
    const items = (parent as { items?: Array<{ key?: { value?: unknown; range?: number[] } }> })?.items ?? [];
    const item = items.find((i) => i.key?.value === path[path.length - 1]);
    return at(item?.key?.range?.[0]);
  };
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const spec = TOP_KEYS[key];
    if (spec === undefined) {
      throw new ConfigError(
        `unknown key '${key}'`,
        keyLine([key]),
        `known keys: ${Object.keys(TOP_KEYS).join(', ')}`,
      );
    }
    keyAt[key] = keyLine([key]);
    if (spec === 'evidence') {
      parseEvidence(value, config, lineOf, keyLine);
      continue;
    }
    if (spec === 'lint') {
      parseLint(value, config, lineOf, keyLine);
      continue;
    }
    if (spec === 'guard') {
      config.guard = parseGuardSettings(value, lineOf);
      continue;
    }
    if (spec === 'notify') {
      config.notify = parseNotifySettings(value, lineOf);
      continue;
    }
    if (spec === 'staging') {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new ConfigError(
          `'staging' must be a mapping`,
          lineOf([key]),
          'for example `staging: { ttl: 15m }`',
        );
      }
      for (const [sub, subValue] of Object.entries(value as Record<string, unknown>)) {
        const target = STAGING_KEYS[sub];
        if (target === undefined) {
          throw new ConfigError(
            `unknown key 'staging.${sub}'`,
            keyLine([key, sub]),
            'known keys: ttl, max-ttl',
          );
        }
        const ms = typeof subValue === 'string' ? parseDuration(subValue) : null;
        if (ms === null) {
          throw new ConfigError(
            `'staging.${sub}' must be a duration such as 15m or 2h`,
            lineOf([key, sub]),
            'use a number followed by ms, s, m, h or d',
          );
        }
        config.staging[target] = ms;
      }
      continue;
    }
    const [target, kind] = spec;
    if (kind === 'path') {
      if (typeof value !== 'string' || !safeRelativePath(value.replace(/\/+$/, ''))) {
        throw new ConfigError(
          `'${key}' must be a repository-relative path`,
          lineOf([key]),
          'use a path such as agents/roadmaps, without .. or a leading /',
        );
      }
      (config[target] as string) = value.replace(/\/+$/, '');
    } else if (kind === 'globs') {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.length === 0)) {
        throw new ConfigError(
          `'${key}' must be a list of glob strings`,
          lineOf([key]),
          `for example ${key}: ['docs/**/*.md']`,
        );
      }
      (config[target] as string[]) = value as string[];
    }
  }
  if (config.staging.ttlMs > config.staging.maxTtlMs) {
    throw new ConfigError(
      `'staging.ttl' is longer than 'staging.max-ttl'`,
      keyLine(['staging', 'ttl']),
      'shorten ttl or lengthen max-ttl',
    );
  }
  return { config, keyAt };
}

/**
 * The schema's keys: each top-level key of `agent-config.yaml` with the field it sets and its
 * kind, or the name of its group of keys. `init` lists every one of them in the file it writes.
 */
export { TOP_KEYS as CONFIG_KEYS };
