import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, parseConfig } from '../../../src/core/config.js';
import { ConfigError } from '../../../src/core/errors.js';
import { LINT_RULE_IDS } from '../../../src/core/lint-rule-ids.js';
import { RULES } from '../../../src/lint/rules/index.js';

function message(yaml: string): string {
  try {
    parseConfig(yaml);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).oneLine();
  }
  throw new Error('accepted');
}

describe('lint.rules and evidence.decisions', () => {
  it('names every rule the linter has, in its order', () => {
    expect([...LINT_RULE_IDS]).toEqual(RULES.map((r) => r.meta.id));
  });

  it('defaults to no rule named and decisions optional', () => {
    expect(DEFAULT_CONFIG.lint).toEqual({ rules: {} });
    expect(DEFAULT_CONFIG.evidence.decisions).toBe('optional');
  });

  it('reads on and off per rule id, and required decisions', () => {
    const c = parseConfig(
      'lint:\n  rules:\n    step-past-gate: on\n    blockers: off\nevidence:\n  decisions: required\n',
    );
    expect(c.lint.rules).toEqual({ 'step-past-gate': true, blockers: false });
    expect(c.evidence.decisions).toBe('required');
  });

  it('refuses an unknown rule, a value other than on/off, and wrong shapes, naming the line', () => {
    expect(message('lint:\n  rules:\n    no-such-rule: on\n')).toBe(
      `agent-config.yaml:3: unknown lint rule 'no-such-rule' in 'lint.rules' — the rules are ${LINT_RULE_IDS.join(', ')}`,
    );
    expect(message('lint:\n  rules:\n    plan-drift: true\n')).toBe(
      "agent-config.yaml:3: 'lint.rules.plan-drift' must be on or off — write on or off",
    );
    expect(message('lint:\n  rule:\n    plan-drift: on\n')).toContain(
      "agent-config.yaml:2: unknown key 'lint.rule'",
    );
    expect(message('lint: [a]\n')).toContain("agent-config.yaml:1: 'lint' must be a mapping");
    expect(message('lint:\n  rules: on\n')).toContain("agent-config.yaml:2: 'lint.rules' must be a mapping");
    expect(message('evidence:\n  decisions: yes\n')).toBe(
      "agent-config.yaml:2: 'evidence.decisions' must be optional or required — write optional or required",
    );
  });
});
