// The action's `check` mode (pull requests): progress --check, lint as SARIF, evidence verify.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { decisionsMarkdown, keepComment, notifyFromBase } from './decisions.mjs';
import { cell, command, flag, input } from './runner.mjs';

export const CHECKS = ['progress', 'lint', 'evidence'];
export const LEDGER_DIR = 'agents/evidence/ledger';
const SHOWN_FINDINGS = 50;

/** The checks input (`progress, lint`), validated; throws a one-line message for an unknown name. */
export function parseChecks(text) {
  const names = text.split(/[\s,]+/).filter((n) => n !== '');
  const unknown = names.filter((n) => !CHECKS.includes(n));
  if (unknown.length > 0)
    throw new Error(`unknown check '${unknown[0]}' in the checks input (known: ${CHECKS.join(', ')})`);
  if (names.length === 0) throw new Error(`the checks input names no check (known: ${CHECKS.join(', ')})`);
  return CHECKS.filter((n) => names.includes(n));
}

const outcome = (code) => (code === 0 ? 'pass' : code === 1 ? 'fail' : 'error');
const output = (r) => `${r.stdout}${r.stderr}`.trim();
// The problem codes with which `evidence verify` says it could not look (docs/evidence.md):
// anything else it reports is a finding about the ledger.
const COULD_NOT_LOOK = new Set(['not-a-file', 'unreadable', 'io-error', 'ledger-not-folder']);

/**
 * A verb's `--json` document, from which a check's outcome is read (`ok`, the problem codes),
 * or null when it printed none: then it could not run, whatever its exit code.
 */
function documentOf(runner, args) {
  const r = runner.agentConfig([...args, '--json']);
  try {
    return JSON.parse(r.stdout);
  } catch {
    return null;
  }
}

/** The outcome a check's document states; the text run beside it is what a person reads. */
function statusOf(document, couldNotLook = () => false) {
  if (document === null || typeof document.ok !== 'boolean') return 'error';
  if (document.ok) return 'pass';
  return (document.problems ?? []).some((p) => couldNotLook(p.code)) ? 'error' : 'fail';
}

function progressCheck(runner) {
  const document = documentOf(runner, ['progress', '--check']);
  const r = runner.agentConfig(['progress', '--check']);
  runner.log(output(r));
  const status = r.code === 2 ? 'error' : statusOf(document);
  return { name: 'progress', label: '`progress --check`', status, detail: output(r) };
}

/** The SARIF results as rows: file, line, rule, message. */
function sarifRows(sarif) {
  return (sarif.runs ?? []).flatMap((run) =>
    (run.results ?? []).map((result) => {
      const where = result.locations?.[0]?.physicalLocation;
      return {
        file: where?.artifactLocation?.uri ?? '',
        line: where?.region?.startLine ?? 0,
        rule: result.ruleId ?? '',
        level: result.level ?? 'error',
        message: result.message?.text ?? '',
      };
    }),
  );
}

function lintCheck(runner, env) {
  const file = input(env, 'sarif-file', 'agent-config.sarif');
  const r = runner.agentConfig(['lint', '--format', 'sarif']);
  let sarif;
  try {
    sarif = JSON.parse(r.stdout);
  } catch {
    runner.log(output(r));
    return { name: 'lint', label: '`lint`', status: 'error', detail: output(r) };
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, r.stdout);
  runner.output('sarif-file', file);
  const rows = sarifRows(sarif);
  runner.log(`agent-config lint: ${rows.length} finding(s), SARIF written to ${file}`);
  if (flag(env, 'annotations', 'true')) {
    // Annotations name files from the workspace; lint's paths start at the working directory.
    const prefix = env.GITHUB_WORKSPACE === undefined ? '' : relative(env.GITHUB_WORKSPACE, process.cwd());
    for (const row of rows) {
      const level = row.level === 'warning' ? 'warning' : row.level === 'note' ? 'notice' : 'error';
      const file = join(prefix, row.file).split(sep).join('/');
      runner.log(command(level, { file, line: row.line || undefined, title: row.rule }, row.message));
    }
  }
  const status = r.code === 0 ? 'pass' : outcome(r.code);
  return { name: 'lint', label: '`lint`', status, detail: r.stderr.trim(), rows, findings: rows.length };
}

/** The base `evidence verify` compares against: the input, else the pull request's base. */
function evidenceBase(env) {
  const explicit = input(env, 'base');
  if (explicit !== '') return explicit;
  if ((env.AGENT_CONFIG_PR_BASE ?? '') !== '') return env.AGENT_CONFIG_PR_BASE;
  return (env.GITHUB_BASE_REF ?? '') !== '' ? `origin/${env.GITHUB_BASE_REF}` : '';
}

function evidenceCheck(runner, env) {
  const label = '`evidence verify`';
  const base = evidenceBase(env);
  // With a base, the check always runs: a pull request that deletes the ledger folder, or that
  // loosens the guard or lint in a repository with no ledger yet, must still be compared.
  if (base === '' && !existsSync(LEDGER_DIR)) {
    const why = `no ${LEDGER_DIR}/ folder and no base to compare against`;
    runner.log(command('notice', { title: 'agent-config' }, `evidence verify skipped: ${why}`));
    return { name: 'evidence', label, status: 'skipped', detail: why };
  }
  if (base === '') {
    const why = 'no base to verify against: set the base input (outside a pull request there is none)';
    runner.log(command('error', { title: 'agent-config evidence' }, why));
    return { name: 'evidence', label, status: 'error', detail: why };
  }
  // A shallow checkout (actions/checkout's default) lacks the base commit: fetch just that one
  // and compare against what was fetched (a branch name fetched this way makes no local ref).
  let against = base;
  if (runner.git(['cat-file', '-e', `${base}^{commit}`]).code !== 0) {
    if (runner.git(['fetch', '--no-tags', '--depth=1', 'origin', base]).code === 0) {
      against = runner.git(['rev-parse', 'FETCH_HEAD']).stdout.trim() || base;
    }
  }
  const args = ['evidence', 'verify', '--against', against];
  const document = documentOf(runner, args);
  const r = runner.agentConfig(args);
  runner.log(output(r));
  const status = r.code === 2 ? 'error' : statusOf(document, (code) => COULD_NOT_LOOK.has(code));
  return { name: 'evidence', label: `\`evidence verify --against ${base}\``, status, detail: output(r) };
}

const SHOWN = { pass: '✅ passed', fail: '❌ failed', error: '⚠️ could not run', skipped: '⏭️ skipped' };

function renderSummary(results) {
  const lines = ['## agent-config checks', '', '| Check | Result |', '|---|---|'];
  for (const r of results) {
    const extra =
      r.findings !== undefined
        ? ` — ${r.findings} finding(s)`
        : r.status === 'skipped'
          ? ` — ${cell(r.detail)}`
          : '';
    lines.push(`| ${cell(r.label).replace(/&#96;/g, '`')} | ${SHOWN[r.status]}${extra} |`);
  }
  const rows = results.flatMap((r) => r.rows ?? []);
  if (rows.length > 0) {
    lines.push('', '### Lint findings', '', '| File | Line | Rule | Message |', '|---|---|---|---|');
    for (const row of rows.slice(0, SHOWN_FINDINGS)) {
      lines.push(`| ${cell(row.file)} | ${row.line || ''} | ${cell(row.rule)} | ${cell(row.message)} |`);
    }
    if (rows.length > SHOWN_FINDINGS)
      lines.push('', `…and ${rows.length - SHOWN_FINDINGS} more in the SARIF file.`);
  }
  for (const r of results) {
    if ((r.status === 'fail' || r.status === 'error') && r.detail !== '' && r.rows === undefined) {
      lines.push(
        '',
        `<details><summary>${cell(r.label.replace(/`/g, ''))}: output</summary>`,
        '',
        '```text',
        r.detail.replace(/```/g, "'''"),
        '```',
        '</details>',
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Runs the chosen checks; returns the exit code (0 clean, 1 findings, 2 a check could not run).
 * `seen.ledger` gets the evidence check's status, for the decisions comment.
 */
export function runChecks(runner, env, seen = {}) {
  const checks = parseChecks(input(env, 'checks', CHECKS.join(',')));
  const results = [];
  if (checks.includes('progress')) results.push(progressCheck(runner));
  if (checks.includes('lint')) results.push(lintCheck(runner, env));
  if (checks.includes('evidence')) results.push(evidenceCheck(runner, env));
  const findings = results.reduce((n, r) => n + (r.findings ?? 0), 0);
  const failed = results.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => r.name);
  runner.output('findings', findings);
  runner.output('failed', failed.join(','));
  runner.summary(renderSummary(results));
  seen.ledger = results.find((r) => r.name === 'evidence')?.status ?? 'skipped';
  if (results.some((r) => r.status === 'error')) return 2;
  if (failed.length > 0 && flag(env, 'fail-on-findings', 'true')) return 1;
  return 0;
}

/** What waits for a person: in the job summary and, on a pull request, in its one comment. */
export async function reportDecisions(runner, env, ledger) {
  const markdown = decisionsMarkdown(runner, ledger);
  runner.summary(`\n${markdown}`);
  if (flag(env, 'comment', 'true')) {
    const kept = await keepComment(env, markdown, runner.log);
    if (kept.action !== 'skipped') runner.log(`agent-config: pull-request comment ${kept.action}`);
  }
  if (flag(env, 'notify', 'false')) notifyFromBase(runner, evidenceBase(env));
}
