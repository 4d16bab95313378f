import { ConfigError } from '../core/errors.js';
import type { ConfiguredRule, GuardSettings } from '../core/guard-config.js';
import { DEFAULT_RULES } from './default-rules.js';
import type { GuardRule } from './rule-types.js';
import { hasFlag, programName, splitArgs, wordIs } from './words.js';

export { DEFAULT_RULES, GUARDED_VOCABULARY } from './default-rules.js';
export type { CommandWords, GuardRule, RuleMatch, RuleVocabulary, TrackedQuestion } from './rule-types.js';
export { UNREADABLE_ACTION } from './rule-types.js';

/** A repository's rule from `guard.rules`: the program, then its leading operands, then any-of. */
export function configuredRule(r: ConfiguredRule): GuardRule {
  const [program, ...lead] = r.command as [string, ...string[]];
  return {
    action: r.action,
    window: r.window,
    programs: [programName(program)],
    keywords: [programName(program), ...lead.map((w) => w.toLowerCase())],
    summary: [...r.command, ...(r.anyOf.length > 0 ? [`(${r.anyOf.join(' | ')})`] : [])].join(' '),
    matches: (c) => {
      if (c.program !== programName(program)) return false;
      const { options, operands } = splitArgs(c.args, { withValue: [] });
      if (!lead.every((w, i) => wordIs(operands[i], w))) return false;
      if (r.anyOf.length === 0) return true;
      const long = r.anyOf.filter((a) => a.startsWith('--'));
      const short = r.anyOf
        .filter((a) => /^-[^-]$/.test(a))
        .map((a) => a[1])
        .join('');
      return hasFlag(options, long, short) || r.anyOf.some((a) => c.args.some((w) => wordIs(w, a)));
    },
  };
}

/** The rules in force: the defaults less `disable`, with `never` applied, then the repository's. */
export function rulesFor(settings: GuardSettings): GuardRule[] {
  const known = new Set(DEFAULT_RULES.map((r) => r.action));
  const unknown = settings.disable.find((a) => !known.has(a));
  if (unknown !== undefined) {
    throw new ConfigError(
      `'guard.disable' names '${unknown}', which is not a default action`,
      'agent-config.yaml',
      `default actions: ${[...known].join(', ')}`,
    );
  }
  const never = new Set(settings.never);
  const defaults = DEFAULT_RULES.filter((r) => !settings.disable.includes(r.action)).map((r) =>
    never.has(r.action) ? { ...r, window: 'never' as const } : r,
  );
  return [
    ...defaults,
    ...settings.rules.map((r) => {
      const rule = configuredRule(r);
      return never.has(rule.action) ? { ...rule, window: 'never' as const } : rule;
    }),
  ];
}
