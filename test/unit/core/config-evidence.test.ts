import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, parseConfig } from '../../../src/core/config.js';
import { ConfigError } from '../../../src/core/errors.js';

describe('evidence configuration', () => {
  it('defaults to the ledger on and objects recorded by hash only', () => {
    expect(DEFAULT_CONFIG.evidence).toEqual({ ledger: true, recordObjects: false, decisions: 'optional' });
    expect(parseConfig('evidence:\n  ledger: false\n  record-objects: true\n').evidence).toEqual({
      ledger: false,
      recordObjects: true,
      decisions: 'optional',
    });
  });

  it('names the key and its line for unknown keys and wrong types', () => {
    const message = (yaml: string) => {
      try {
        parseConfig(yaml);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).oneLine();
      }
      throw new Error('accepted');
    };
    expect(message('evidence:\n  ledgr: true\n')).toContain(
      "agent-config.yaml:2: unknown key 'evidence.ledgr'",
    );
    expect(message('evidence:\n  ledger: "yes"\n')).toContain(
      "agent-config.yaml:2: 'evidence.ledger' must be true or false",
    );
    expect(message('evidence: true\n')).toContain("agent-config.yaml:1: 'evidence' must be a mapping");
  });
});
