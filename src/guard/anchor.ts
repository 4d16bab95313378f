import { type Config, DEFAULT_CONFIG, formatDuration, parseConfig } from '../core/config.js';
import { AgentConfigError } from '../core/errors.js';
import type { ConfiguredRule } from '../core/guard-config.js';
import { channelKey } from '../core/notify-config.js';
import { configuredRule, rulesFor } from './rules.js';

/**
 * Which versions of `agent-config.yaml` count (docs/guard.md, "Which version of
 * agent-config.yaml counts"): the working copy's, the one at `HEAD` and the one on the base
 * branch as last fetched. The rules in force are the strictest of them, so a change that
 * tightens the guard takes effect at once, from any version, and one that loosens it only once
 * every version has it — that is, once it is on the base branch, after review.
 */
export type VersionSource = 'working-copy' | 'HEAD' | 'base';

/** One version of `agent-config.yaml` as the anchor reads it. */
export interface ConfigVersion {
  source: VersionSource;
  /** How messages name it: `agent-config.yaml`, `HEAD:agent-config.yaml`, … */
  name: string;
  /** `absent` (no file there) and `invalid` (unreadable, or not a valid configuration) read as an empty file. */
  state: 'valid' | 'absent' | 'invalid';
  /** The parsed configuration; the defaults when absent or invalid. */
  config: Config;
  /** Why an invalid version is invalid, in one line; null otherwise. */
  problem: string | null;
}

/**
 * Every key that loosens or tightens the guard, with its strict side. The others (`roadmaps`,
 * `dashboard`, `failure-signatures`, `stable-docs`, `verdicts`, `evidence.record-objects`, which
 * only decides whether a raw command is recorded beside its hash) are the working copy's.
 */
export const GUARD_KEYS = {
  'guard.rules': 'every rule of every version',
  'guard.disable': 'a default is off only when every version switches it off',
  'guard.never': 'every action any version marks never (a rule’s own `window: never` included)',
  frozen: 'every glob of every version',
  'evidence.ledger': 'on when any version has it on',
  'staging.max-ttl': 'the shortest',
  'staging.ttl': 'the shortest',
} as const;

export type GuardKey = keyof typeof GUARD_KEYS;

/** A version that could not be read at all (git failed, a file could not be opened). */
export function unreadableVersion(source: VersionSource, name: string, problem: string): ConfigVersion {
  return { source, name, state: 'invalid', config: structuredClone(DEFAULT_CONFIG), problem };
}

/**
 * Reads one version from its text (null: there is no such file). A version is valid when it
 * parses and its guard settings build (a `disable` of an unknown action does not).
 */
export function readConfigVersion(source: VersionSource, name: string, text: string | null): ConfigVersion {
  if (text === null)
    return { source, name, state: 'absent', config: structuredClone(DEFAULT_CONFIG), problem: null };
  try {
    const config = parseConfig(text, name);
    rulesFor(config.guard);
    return { source, name, state: 'valid', config, problem: null };
  } catch (error) {
    // Whatever failed (a ConfigError, or YAML too deep to read), the version reads as empty.
    if (!(error instanceof AgentConfigError))
      return unreadableVersion(source, name, `${name}: cannot be read`);
    const where = error.where?.startsWith(name) ? error.where : name;
    const fix = error.fix ? ` — ${error.fix}` : '';
    return unreadableVersion(source, name, `${where}: ${error.message}${fix}`);
  }
}

const ruleKey = (r: ConfiguredRule) => JSON.stringify([r.action, r.command, r.anyOf, r.window]);

function union<T>(lists: readonly (readonly T[])[], key: (t: T) => string = String): T[] {
  const seen = new Map<string, T>();
  for (const list of lists) for (const item of list) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

/** The actions no gate window may let through: `never`, and every rule marked `window: never`. */
function neverOf(config: Config): string[] {
  return union([
    config.guard.never,
    config.guard.rules.filter((r) => r.window === 'never').map((r) => r.action),
  ]);
}

/**
 * The strictest of the configurations (see GUARD_KEYS): the rules in force. The first is the
 * working copy's, whose keys that are not the guard's are taken as they are. None: the defaults.
 */
export function strictestConfig(configs: readonly Config[]): Config {
  const [first, ...rest] = configs;
  if (first === undefined) return structuredClone(DEFAULT_CONFIG);
  const all = [first, ...rest];
  const shortest = (pick: (c: Config) => number) => Math.min(...all.map(pick));
  return {
    ...structuredClone(first),
    frozen: union(all.map((c) => c.frozen)),
    staging: { ttlMs: shortest((c) => c.staging.ttlMs), maxTtlMs: shortest((c) => c.staging.maxTtlMs) },
    evidence: { ...first.evidence, ledger: all.some((c) => c.evidence.ledger) },
    guard: {
      disable: first.guard.disable.filter((a) => rest.every((c) => c.guard.disable.includes(a))),
      never: union(all.map(neverOf)),
      rules: union(
        all.map((c) => c.guard.rules),
        ruleKey,
      ),
      ...(first.guard.waitMs === undefined ? {} : { waitMs: first.guard.waitMs }),
    },
    // A channel counts only where every version names it: an agent's edit of the working copy
    // cannot add a program to run or a URL to send to (docs/notify.md).
    notify: {
      channels: first.notify.channels.filter((c) =>
        rest.every((o) => o.notify.channels.some((d) => channelKey(d) === channelKey(c))),
      ),
    },
  };
}

/** One way a later configuration is looser than an earlier one: the key, and what changed. */
export interface Loosening {
  key: GuardKey;
  detail: string;
}

/**
 * How `after` loosens the guard against `before` (`evidence verify --against BASE`: BASE, then
 * HEAD), one entry per action, rule or glob, in the order of GUARD_KEYS. Empty: as strict or stricter.
 */
export function guardLoosenings(before: Config, after: Config): Loosening[] {
  const out: Loosening[] = [];
  for (const r of before.guard.rules)
    if (!after.guard.rules.some((a) => ruleKey(a) === ruleKey(r)))
      out.push({
        key: 'guard.rules',
        detail: `the rule for ${r.action} (${r.command.join(' ')}) is removed or changed`,
      });
  for (const a of after.guard.disable)
    if (!before.guard.disable.includes(a)) out.push({ key: 'guard.disable', detail: `${a} is switched off` });
  const neverAfter = neverOf(after);
  for (const a of neverOf(before))
    if (!neverAfter.includes(a))
      out.push({ key: 'guard.never', detail: `${a} may now go through a gate window` });
  for (const g of before.frozen)
    if (!after.frozen.includes(g)) out.push({ key: 'frozen', detail: `${g} is no longer frozen` });
  if (before.evidence.ledger && !after.evidence.ledger)
    out.push({ key: 'evidence.ledger', detail: 'the evidence ledger is switched off' });
  const durations = [
    ['staging.max-ttl', before.staging.maxTtlMs, after.staging.maxTtlMs],
    ['staging.ttl', before.staging.ttlMs, after.staging.ttlMs],
  ] as const;
  for (const [key, was, now] of durations)
    if (now > was) out.push({ key, detail: `${formatDuration(now)} instead of ${formatDuration(was)}` });
  return out;
}

/** The words of the versions' own rules (`guard.rules`) a pre-filter must look for beyond the defaults'. */
export function configuredKeywords(configs: readonly Config[]): string[] {
  const words = configs.flatMap((c) => c.guard.rules.flatMap((r) => configuredRule(r).keywords));
  return [...new Set(words)].sort();
}
