import { docPage } from './doc-page.js';
import { ConfigError } from './errors.js';

/** A guard rule a repository adds in `agent-config.yaml` (`guard.rules`). */
export interface ConfiguredRule {
  /** The action name a stage and a gate window use. */
  action: string;
  /** The program (a name, or a repository path such as `./scripts/deploy.sh`), then leading words. */
  command: string[];
  /** When given, one of these arguments must be present too (short flags may be combined). */
  anyOf: string[];
  /** `never`: no gate window ever lets it through. */
  window: 'allow' | 'never';
}

/** `guard:` in `agent-config.yaml`. */
export interface GuardSettings {
  /** Default actions switched off. */
  disable: string[];
  /** Default actions no gate window may let through, beyond the defaults' own. */
  never: string[];
  rules: ConfiguredRule[];
  /** `guard.wait`: how long the hook holds a call it has just staged for a person (ms; absent: not at all). */
  waitMs?: number;
}

export const DEFAULT_GUARD: GuardSettings = { disable: [], never: [], rules: [] };

/** Action names: lower-case words joined by `-` or `.`, so a list `A,B` reads unambiguously. */
export const ACTION_NAME = /^[a-z0-9][a-z0-9.-]{0,63}$/;

const RULE_KEYS = ['action', 'command', 'any-of', 'window'];

type Where = (path: (string | number)[]) => string;

function names(value: unknown, key: string, where: Where): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !ACTION_NAME.test(v))) {
    throw new ConfigError(
      `'guard.${key}' must be a list of action names`,
      where(['guard', key]),
      `for example [gh-pr-merge] (${docPage('guard.md')} lists the default actions)`,
    );
  }
  return value as string[];
}

function words(value: unknown, key: string, line: string, index: number, min: number): string[] {
  if (
    !Array.isArray(value) ||
    value.length < min ||
    value.some((v) => typeof v !== 'string' || v.length === 0 || v.includes('\0'))
  ) {
    throw new ConfigError(
      `'guard.rules[${index}].${key}' must be a list of ${min > 0 ? 'one or more ' : ''}non-empty words`,
      line,
      key === 'command' ? 'for example command: [kubectl, drain]' : 'for example any-of: [--force, -f]',
    );
  }
  return value as string[];
}

function rule(value: unknown, index: number, where: Where): ConfiguredRule {
  const at = where(['guard', 'rules', index]);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`'guard.rules[${index}]' must be a mapping`, at, 'give it action and command');
  }
  const data = value as Record<string, unknown>;
  for (const key of Object.keys(data)) {
    if (!RULE_KEYS.includes(key)) {
      throw new ConfigError(
        `unknown key 'guard.rules[${index}].${key}'`,
        at,
        `known keys: ${RULE_KEYS.join(', ')}`,
      );
    }
  }
  if (typeof data.action !== 'string' || !ACTION_NAME.test(data.action)) {
    throw new ConfigError(
      `'guard.rules[${index}].action' must be an action name`,
      at,
      'lower-case letters, digits, - and ., for example deploy-production',
    );
  }
  if (data.window !== undefined && data.window !== 'never' && data.window !== 'allow') {
    throw new ConfigError(
      `'guard.rules[${index}].window' must be never or allow`,
      at,
      'or leave it out (allow)',
    );
  }
  return {
    action: data.action,
    command: words(
      data.command,
      'command',
      data.command === undefined ? at : where(['guard', 'rules', index, 'command']),
      index,
      1,
    ),
    anyOf:
      data['any-of'] === undefined
        ? []
        : words(data['any-of'], 'any-of', where(['guard', 'rules', index, 'any-of']), index, 1),
    window: data.window === 'never' ? 'never' : 'allow',
  };
}

/** Validates the value of `guard:`; `where` names the line of a key path. */
export function parseGuardSettings(value: unknown, where: Where): GuardSettings {
  if (value === null || value === undefined) return structuredClone(DEFAULT_GUARD);
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigError(
      `'guard' must be a mapping`,
      where(['guard']),
      'for example `guard: { disable: [gh-pr-merge] }`',
    );
  }
  const data = value as Record<string, unknown>;
  for (const key of Object.keys(data)) {
    if (!['disable', 'never', 'rules', 'wait'].includes(key)) {
      throw new ConfigError(
        `unknown key 'guard.${key}'`,
        where(['guard', key]),
        'known keys: disable, never, rules, wait',
      );
    }
  }
  const rulesValue = data.rules ?? [];
  if (!Array.isArray(rulesValue)) {
    throw new ConfigError(
      `'guard.rules' must be a list of rules`,
      where(['guard', 'rules']),
      `see ${docPage('guard.md')}`,
    );
  }
  return {
    disable: data.disable === undefined ? [] : names(data.disable, 'disable', where),
    never: data.never === undefined ? [] : names(data.never, 'never', where),
    rules: rulesValue.map((r, i) => rule(r, i, where)),
    ...(data.wait === undefined ? {} : { waitMs: waitOf(data.wait, where) }),
  };
}

const WAIT = /^(\d+)\s*(s|m)$/;

/** `guard.wait`: seconds or minutes (`90s`, `2m`), at most 10 minutes. */
export function parseWait(text: string): number | null {
  const m = WAIT.exec(text.trim());
  if (!m) return null;
  const ms = Number(m[1]) * (m[2] === 's' ? 1000 : 60_000);
  return ms > 0 && ms <= MAX_WAIT_MS ? ms : null;
}

/** The longest wait: a harness holds the agent's call that long at most. */
export const MAX_WAIT_MS = 10 * 60_000;

function waitOf(value: unknown, where: Where): number {
  const ms = typeof value === 'string' ? parseWait(value) : null;
  if (ms === null) {
    throw new ConfigError(
      `'guard.wait' must be a duration of seconds or minutes up to 10m`,
      where(['guard', 'wait']),
      'for example wait: 2m (or leave it out: no wait)',
    );
  }
  return ms;
}
