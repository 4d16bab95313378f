// What a step of the GitHub Action needs from the runner: its inputs, outputs, job summary,
// workflow commands, and the built CLI. Plain Node (no dependencies), so it runs from the
// action's checkout before anything but dist/ exists.
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

/** An input, as action.yml passes it through `env:` (`INPUT_SARIF_FILE` for `sarif-file`). */
export function input(env, name, fallback = '') {
  const value = env[`INPUT_${name.toUpperCase().replace(/[- ]/g, '_')}`];
  return value === undefined || value.trim() === '' ? fallback : value.trim();
}

/** A yes/no input: `true`, `yes`, `1` and `on` are yes. */
export function flag(env, name, fallback) {
  return /^(true|yes|1|on)$/i.test(input(env, name, fallback));
}

/** Workflow-command data: `%`, CR and LF escaped (and `:` and `,` in properties). */
export function escapeData(text) {
  return String(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text) {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** One workflow command line (`::error file=a.md,line=3,title=x::message`). */
export function command(name, properties, message) {
  const props = Object.entries(properties)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${escapeProperty(v)}`)
    .join(',');
  return `::${name}${props === '' ? '' : ` ${props}`}::${escapeData(message)}`;
}

/** Text from a file, made safe for a markdown table cell in the job summary. */
export function cell(text) {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '&#124;')
    .replace(/`/g, '&#96;')
    .replace(/[\r\n]+/g, ' ');
}

/** The runner's files: outputs, summary, and the log (stdout). */
export class Runner {
  constructor(env, log = (line) => process.stdout.write(`${line}\n`)) {
    this.env = env;
    this.log = log;
    this.cli = join(env.GITHUB_ACTION_PATH ?? '.', 'dist', 'bin.js');
  }

  /** Sets a step output (heredoc form, so any value is safe). */
  output(name, value) {
    if (this.env.GITHUB_OUTPUT === undefined) return;
    const text = String(value);
    let delimiter = 'agent_config_eof';
    while (text.includes(delimiter)) delimiter += '_';
    appendFileSync(this.env.GITHUB_OUTPUT, `${name}<<${delimiter}\n${text}\n${delimiter}\n`);
  }

  /** Appends markdown to the job summary. */
  summary(markdown) {
    if (this.env.GITHUB_STEP_SUMMARY !== undefined) appendFileSync(this.env.GITHUB_STEP_SUMMARY, markdown);
  }

  /** Runs the built CLI in the step's folder; never throws on its exit code. */
  agentConfig(args) {
    this.log(`$ agent-config ${args.join(' ')}`);
    return run(process.execPath, [this.cli, ...args], this.env);
  }

  /** Runs git in the step's folder. */
  git(args) {
    return run('git', args, this.env);
  }
}

function run(file, args, env) {
  const r = spawnSync(file, args, { encoding: 'utf8', env, maxBuffer: 256 * 1024 * 1024 });
  if (r.error !== undefined) return { code: 2, stdout: '', stderr: `${file}: ${r.error.message}` };
  return { code: r.status ?? 2, stdout: r.stdout, stderr: r.stderr };
}
