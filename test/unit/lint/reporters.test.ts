import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostics.js';
import { sanitize } from '../../../src/core/text/sanitize.js';
import type { LintReport } from '../../../src/lint/report.js';
import { formatGithub } from '../../../src/lint/reporters/github.js';
import { formatJson } from '../../../src/lint/reporters/json.js';
import { formatSarif } from '../../../src/lint/reporters/sarif.js';
import { formatSummary, formatText } from '../../../src/lint/reporters/text.js';
import { RULES } from '../../../src/lint/rules/index.js';

const diagnostics: Diagnostic[] = [
  {
    file: 'agents/roadmaps/a b.md',
    line: 3,
    column: 7,
    severity: 'error',
    code: 'blockers',
    message: "blocker 'x\u001b[31m' missing required field(s): Owner, 100%\nsecond line",
  },
  {
    file: 'agents/roadmaps/c.md',
    line: 1,
    column: 1,
    severity: 'warning',
    code: 'unterminated-fence',
    message: 'fence',
  },
];

const report: LintReport = {
  root: '/repo',
  rules: RULES.map((r) => r.meta.id),
  checked: ['agents/roadmaps/a b.md', 'agents/roadmaps/c.md', 'docs/x.md'],
  skipped: [],
  diagnostics,
  errors: 1,
  warnings: 1,
};

describe('text reporter', () => {
  it('prints path:line:col  severity  message  rule-id, sanitized, one line per finding', () => {
    expect(formatText(report)).toBe(
      `agents/roadmaps/a b.md:3:7  error  blocker 'x\\x1B[31m' missing required field(s): Owner, 100%${sanitize('\n', { inline: true })}second line  blockers\n` +
        'agents/roadmaps/c.md:1:1  warning  fence  unterminated-fence\n',
    );
  });

  it('sums up on one line', () => {
    expect(formatSummary(report)).toBe(
      '❌  agent-config lint: 1 error(s), 1 warning(s) in 2 of 3 file(s) checked — rules are explained in node_modules/agent-config/docs/rules.md.',
    );
    expect(formatSummary({ ...report, diagnostics: [], errors: 0, warnings: 0 })).toBe(
      '✅  agent-config lint: 3 file(s) checked, no findings.',
    );
  });
});

describe('github reporter', () => {
  it('prints workflow annotations with escaped properties and data', () => {
    expect(formatGithub(report)).toBe(
      "::error file=agents/roadmaps/a b.md,line=3,col=7,title=agent-config blockers::blocker 'x\\x1B[31m' missing required field(s): Owner, 100%25%0Asecond line\n" +
        '::warning file=agents/roadmaps/c.md,line=1,col=1,title=agent-config unterminated-fence::fence\n',
    );
  });

  it('escapes commas and colons inside property values', () => {
    const one = { ...report, diagnostics: [{ ...diagnostics[1]!, file: 'a,b:c.md' }] };
    expect(formatGithub(one)).toContain('file=a%2Cb%3Ac.md,');
  });
});

describe('json reporter', () => {
  it('keeps raw values and names the rule', () => {
    const doc = JSON.parse(formatJson(report));
    expect(doc.findings[0]).toEqual({
      file: 'agents/roadmaps/a b.md',
      line: 3,
      column: 7,
      severity: 'error',
      rule: 'blockers',
      message: diagnostics[0]!.message,
    });
    expect(doc.summary).toEqual({ errors: 1, warnings: 1, files: 3 });
  });
});

describe('sarif reporter', () => {
  const require = createRequire(import.meta.url);
  const schemaPath = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
  // ajv-draft-04 is CommonJS; require() hands over the class itself.
  interface Validator {
    addFormat(name: string, test: (s: string) => boolean): void;
    compile(schema: unknown): ValidateFunction;
  }
  const Ajv = require('ajv-draft-04') as new (options: object) => Validator;
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  ajv.addFormat('uri', (s: string) => /^[a-z][a-z0-9+.-]*:\S*$/i.test(s));
  ajv.addFormat('uri-reference', (s: string) => !/\s/.test(s));
  ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)));
  const validate = ajv.compile(schema);

  it('validates against the SARIF 2.1.0 schema', () => {
    const log = JSON.parse(formatSarif(report, '1.2.3'));
    const ok = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('is also valid with no findings', () => {
    expect(
      validate(JSON.parse(formatSarif({ ...report, diagnostics: [], errors: 0, warnings: 0 }, '0.0.0-dev'))),
    ).toBe(true);
  });

  it('carries what GitHub code scanning needs: rule ids with descriptors, levels, relative URIs, regions', () => {
    const log = JSON.parse(formatSarif(report, '1.2.3'));
    const run = log.runs[0];
    expect(log.version).toBe('2.1.0');
    expect(run.tool.driver.name).toBe('agent-config');
    const ids = run.tool.driver.rules.map((r: { id: string }) => r.id);
    expect(ids).toEqual([...RULES.map((r) => r.meta.id), 'unterminated-fence']);
    const [first, second] = run.results;
    expect(first.ruleId).toBe('blockers');
    expect(ids[first.ruleIndex]).toBe('blockers');
    expect(ids[second.ruleIndex]).toBe('unterminated-fence');
    expect(first.level).toBe('error');
    expect(second.level).toBe('warning');
    expect(first.message.text).toBe(diagnostics[0]!.message);
    expect(first.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'agents/roadmaps/a%20b.md', uriBaseId: '%SRCROOT%' },
      region: { startLine: 3, startColumn: 7 },
    });
  });

  it('is rejected by the schema when a required property is missing (the validator is live)', () => {
    const log = JSON.parse(formatSarif(report, '1.2.3'));
    delete log.runs[0].tool.driver.name;
    expect(validate(log)).toBe(false);
  });
});
