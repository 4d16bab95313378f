import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, parseConfig } from '../../../src/core/config.js';
import { AgentConfigError } from '../../../src/core/errors.js';

const DOC = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'configuration.md'), 'utf8');

function errorLine(yaml: string): string {
  try {
    parseConfig(yaml);
  } catch (error) {
    if (error instanceof AgentConfigError) return `agent-config: ${error.oneLine()}`;
    throw error;
  }
  throw new Error('parseConfig accepted the input');
}

describe('docs/configuration.md', () => {
  it('shows a YAML example that parses to exactly the defaults', () => {
    const yaml = /```yaml\n([\s\S]*?)```/.exec(DOC)![1]!;
    expect(parseConfig(yaml)).toEqual(DEFAULT_CONFIG);
  });

  it('documents every key in its table', () => {
    for (const key of [
      'roadmaps',
      'dashboard',
      'frozen',
      'failure-signatures',
      'stable-docs',
      'staging.ttl',
      'staging.max-ttl',
      'evidence.ledger',
      'evidence.record-objects',
    ]) {
      expect(DOC).toContain(`| \`${key}\` |`);
    }
    // The names listed by the unknown-key error are the keys the table documents.
    const known = /known keys: (.*)$/.exec(errorLine('nope: 1\n'))![1]!.split(', ');
    for (const key of known) expect(DOC).toMatch(new RegExp(`\\| \`${key}(\\.[a-z-]+)?\` \\|`));
  });

  it('quotes the error messages the parser really prints', () => {
    expect(DOC).toContain(errorLine('roadmaps: agents/roadmaps\nlint-rules: [x]\n'));
    expect(DOC).toContain(errorLine('stable-docs: README.md\n'));
    expect(DOC).toContain(errorLine('staging:\n  max-ttl: 2h\n  ttl: soon\n'));
  });
});
