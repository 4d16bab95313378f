import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

/** A step of a composite action, as action.yml declares it. */
export interface ActionStep {
  name?: string;
  id?: string;
  shell?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
  'working-directory'?: string;
}

export interface ActionDefinition {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

/** Reads an action.yml. */
export function readAction(actionPath: string): ActionDefinition {
  return parse(readFileSync(join(actionPath, 'action.yml'), 'utf8')) as ActionDefinition;
}

/** Parses a `$GITHUB_OUTPUT` file: `name=value` lines and `name<<DELIMITER` blocks. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      if (end === -1) throw new Error(`unterminated output ${heredoc[1]}`);
      outputs[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return outputs;
}

/**
 * Evaluates the `${{ … }}` expressions an action of ours may use: property paths into the
 * contexts (`inputs.mode`, `github.event.before`, `steps.run.outputs.findings`). Anything else
 * throws, so the action cannot start to depend on expressions this runner does not model.
 */
export function evaluate(text: string, contexts: Record<string, unknown>): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
    if (!/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*$/.test(expr))
      throw new Error(`unsupported expression: ${expr}`);
    let value: unknown = contexts;
    for (const part of expr.split('.')) {
      value =
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    }
    return value === undefined || value === null ? '' : String(value);
  });
}

export interface ActionRun {
  /** The exit code of the first failing step, or 0. */
  code: number;
  outputs: Record<string, string>;
  summary: string;
  /** Every step's stdout and stderr. */
  log: string;
}

export interface RunActionOptions {
  /** The action's checkout (`$GITHUB_ACTION_PATH`). */
  actionPath: string;
  /** The repository the workflow checked out (`$GITHUB_WORKSPACE`). */
  workspace: string;
  inputs?: Record<string, string>;
  /** The `github` context: `event`, `ref`, `event_name`… */
  github?: Record<string, unknown>;
  /** Extra environment, as the runner sets it (`GITHUB_REF`, `GITHUB_BASE_REF`…). */
  env?: Record<string, string>;
}

/**
 * Runs a composite action's steps as the runner does: expressions evaluated, each `run:`
 * script written to a file and run with `bash --noprofile --norc -eo pipefail`, the step's
 * `env:` and `working-directory`, fresh `GITHUB_OUTPUT` files read back into the `steps`
 * context, one `GITHUB_STEP_SUMMARY` per step concatenated, and a stop at the first failure.
 */
export function runAction(options: RunActionOptions): ActionRun {
  const action = readAction(options.actionPath);
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) inputs[name] = spec.default ?? '';
  Object.assign(inputs, options.inputs);
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  const github = { action_path: options.actionPath, workspace: options.workspace, ...options.github };
  const scratch = mkdtempSync(join(tmpdir(), 'agent-config-runner-'));
  let code = 0;
  let summary = '';
  let log = '';
  try {
    action.runs.steps.forEach((step, index) => {
      if (code !== 0) return;
      if (step.run === undefined) throw new Error(`step ${index} is not a run step`);
      const contexts = { inputs, github, steps };
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(step.env ?? {})) env[k] = evaluate(String(v), contexts);
      const files = {
        GITHUB_OUTPUT: join(scratch, `output-${index}`),
        GITHUB_STEP_SUMMARY: join(scratch, `summary-${index}`),
      };
      for (const file of Object.values(files)) writeFileSync(file, '');
      const script = join(scratch, `step-${index}.sh`);
      writeFileSync(script, evaluate(step.run, contexts));
      const cwd = join(options.workspace, evaluate(step['working-directory'] ?? '.', contexts));
      const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
        cwd,
        encoding: 'utf8',
        env: {
          ...process.env,
          GITHUB_ACTIONS: 'true',
          GITHUB_WORKSPACE: options.workspace,
          GITHUB_ACTION_PATH: options.actionPath,
          ...options.env,
          ...files,
          ...env,
        },
      });
      log += r.stdout + r.stderr;
      summary += readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8');
      if (step.id !== undefined)
        steps[step.id] = { outputs: parseOutputFile(readFileSync(files.GITHUB_OUTPUT, 'utf8')) };
      code = r.status ?? 1;
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const outputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.outputs)) {
    outputs[name] = evaluate(spec.value, { inputs, github, steps });
  }
  return { code, outputs, summary, log };
}
