import type { ProgressReport } from '../commands/progress/progress.js';

// The `progress --json` document, built from its report. The CLI prints it and the MCP server
// returns it parsed as the `progress_check` tool's structured result: one function, so the two
// can never disagree.

/** Whether `progress --check` fails: a missing or stale dashboard, or a roadmap to archive. */
export function progressCheckFails(report: ProgressReport): boolean {
  if (report.mode !== 'check' || !report.hasRoadmaps) return false;
  return report.missing || report.stale || report.completed.length > 0 || report.ironLaw3.length > 0;
}

/**
 * `progress --json` (and `progress --check --json`): what the text output says, as data.
 * `ok` is false exactly when `--check` exits 1. Paths are repository-relative.
 */
export function renderProgressJson(report: ProgressReport): string {
  const doc = {
    mode: report.mode,
    ok: !progressCheckFails(report),
    dashboard: report.dashboard,
    hasRoadmaps: report.hasRoadmaps,
    roadmaps: report.roadmapCount,
    steps: { done: report.stepsDone, active: report.stepsActive },
    missing: report.missing,
    stale: report.stale,
    completed: report.completed,
    ironLaw3: report.ironLaw3,
    mergeGated: report.mergeGated,
    warnings: report.warnings.map((d) => ({
      file: d.file,
      line: d.line,
      column: d.column,
      severity: d.severity,
      code: d.code,
      message: d.message,
    })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
