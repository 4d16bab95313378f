import type { Severity } from '../../core/diagnostics.js';
import { docPage } from '../../core/doc-page.js';
import type { LintReport } from '../report.js';
import { RULES } from '../rules/index.js';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

// Findings that come from the roadmap parser rather than from a lint rule.
const PARSER_CODES: Record<string, string> = {
  'frontmatter-invalid-yaml': 'The roadmap frontmatter is not valid YAML.',
  'frontmatter-unterminated': 'The roadmap frontmatter is opened with --- and never closed.',
  'frontmatter-not-mapping': 'The roadmap frontmatter is not a mapping of keys.',
  'unterminated-fence': 'A code fence is never closed, so the rest of the file reads as code.',
  'symlink-loop':
    'A folder below the roadmap root is reached twice through symbolic links; it was read once.',
  'broken-symlink': 'A symbolic link below the roadmap root points nowhere; it was skipped.',
};

interface RuleDescriptor {
  id: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  defaultConfiguration: { level: string };
  help: { text: string };
}

function descriptors(report: LintReport): RuleDescriptor[] {
  const out: RuleDescriptor[] = RULES.filter((r) => report.rules.includes(r.meta.id)).map((r) => ({
    id: r.meta.id,
    shortDescription: { text: r.meta.description },
    fullDescription: { text: r.meta.rationale },
    defaultConfiguration: { level: LEVEL[r.meta.severity] },
    help: { text: `${r.meta.description} See ${docPage('rules.md')}.` },
  }));
  for (const code of new Set(report.diagnostics.map((d) => d.code))) {
    if (out.some((r) => r.id === code)) continue;
    const text = PARSER_CODES[code] ?? code;
    out.push({
      id: code,
      shortDescription: { text },
      fullDescription: { text },
      defaultConfiguration: { level: 'warning' },
      help: { text },
    });
  }
  return out;
}

function uri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

/** SARIF 2.1.0 for GitHub code scanning; paths are relative to `%SRCROOT%` (the repository root). */
export function formatSarif(report: LintReport, version: string): string {
  const rules = descriptors(report);
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'agent-config',
            semanticVersion: version,
            version,
            rules,
          },
        },
        columnKind: 'utf16CodeUnits',
        results: report.diagnostics.map((d) => ({
          ruleId: d.code,
          ruleIndex: index.get(d.code)!,
          level: LEVEL[d.severity],
          message: { text: d.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: uri(d.file), uriBaseId: '%SRCROOT%' },
                region: { startLine: d.line, startColumn: d.column },
              },
            },
          ],
        })),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
