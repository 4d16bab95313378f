import { sanitize } from '../../core/text/sanitize.js';
import type { LintReport } from '../report.js';

// Workflow-command escaping: data escapes %, CR and LF; properties also `:` and `,`.
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** GitHub Actions workflow annotations (`::error file=…,line=…,col=…,title=…::message`). */
export function formatGithub(report: LintReport): string {
  return report.diagnostics
    .map((d) => {
      const props = [
        `file=${escapeProperty(sanitize(d.file, { inline: true }))}`,
        `line=${d.line}`,
        `col=${d.column}`,
        `title=${escapeProperty(`agent-config ${d.code}`)}`,
      ].join(',');
      return `::${COMMAND[d.severity]} ${props}::${escapeData(sanitize(d.message))}\n`;
    })
    .join('');
}
