import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, ROOT } from '../helpers/bin.js';
import { makeRepo } from '../helpers/repo.js';
import { HOSTILE, SHAPES } from '../integration/gates-shapes.js';

// Raw bytes on stdout: these tests compare and search bytes, not decoded text.
function cli(cwd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.toString('utf8') };
}

beforeAll(ensureBuilt);

describe('agent-config gates (built binary)', () => {
  it('documents every flag in --help', () => {
    const r = cli(ROOT, ['gates', '--help']);
    expect(r.code).toBe(0);
    for (const flag of ['--all', '--json', '--reply', '--pending', '--root']) {
      expect(r.stdout.toString()).toContain(flag);
    }
  });

  it('prints results on stdout only and exits 0 in every view', () => {
    const repo = makeRepo(SHAPES);
    for (const args of [['gates'], ['gates', '--all'], ['gates', '--reply'], ['gates', '--json', '--all']]) {
      const r = cli(repo, args);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.length).toBeGreaterThan(0);
    }
    expect(JSON.parse(cli(repo, ['gates', '--json']).stdout.toString()).needsYou).toBe(6);
  });

  it('prints the same bytes whatever the locale of the process', () => {
    const repo = makeRepo({
      'agents/roadmaps/z.md': '# Z\n## Phase 1\n- [ ] a\n## Blockers\n### blocker: z\n',
      'agents/roadmaps/ä.md': '# Ä\n## Phase 1\n- [ ] a\n## Blockers\n### blocker: a\n',
    });
    const c = cli(repo, ['gates'], { LC_ALL: 'C', LANG: 'C' });
    const sv = cli(repo, ['gates'], { LC_ALL: 'sv_SE.UTF-8', LANG: 'sv_SE.UTF-8' });
    expect(sv.stdout.equals(c.stdout)).toBe(true);
    const order = c.stdout.toString().match(/^ {2}Roadmap: +(\S+)$/gm);
    expect(order).toEqual(['  Roadmap:           ä.md', '  Roadmap:           z.md']);
  });

  it('never writes a raw escape byte to the terminal for a hostile roadmap', () => {
    const repo = makeRepo(HOSTILE);
    for (const args of [['gates'], ['gates', '--reply']]) {
      const r = cli(repo, args);
      expect(r.code).toBe(0);
      expect(r.stdout.includes(0x1b)).toBe(false);
      expect(r.stdout.includes(0x07)).toBe(false);
      expect(r.stdout.includes(0x0d)).toBe(false);
      expect(r.stdout.includes(Buffer.from('\u202E'))).toBe(false);
      expect(r.stderr).toContain('hostile.md holds');
    }
  });

  it('exits 0 on this repository, whose own roadmap carries real blockers', () => {
    const r = cli(ROOT, ['gates', '--json', '--all']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout.toString());
    expect(doc.blockers.length).toBe(doc.needsYou + doc.other);
  });
});

/** 20 roadmaps of `perFile` open blockers: 20 give 250 KB of `gates --json`, several times what a pipe holds. */
function bigRepo(perFile = 20): string {
  const blocker = (i: number) =>
    `### blocker: decide-${i}\n- **Owner:** user\n- **Question:** ${'Which way? '.repeat(30)}\n- **What to do:** Reply.\n`;
  const files: Record<string, string> = {};
  for (let f = 0; f < 20; f++) {
    const entries = Array.from({ length: perFile }, (_, i) => blocker(f * perFile + i)).join('\n');
    files[`agents/roadmaps/plan-${f}.md`] =
      `# Plan ${f}\n\n## Phase 1\n\n- [ ] a\n\n## Blockers\n\n${entries}`;
  }
  return makeRepo(files);
}

/** Runs `args` with stdout to a pipe read only after 300 ms; resolves with the exit code and all of stdout. */
async function readSlowly(args: string[], cwd: string) {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const chunks: Buffer[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.pause();
  await new Promise((resolve) => setTimeout(resolve, 300));
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stdout.resume();
  const code = await closed;
  return { code, stdout: Buffer.concat(chunks).toString('utf8'), stderr };
}

describe('the end of a run', () => {
  it('exits only once all its output is out, to a reader that is slow to read it', async () => {
    const r = await readSlowly([BIN, 'gates', '--json'], bigRepo());
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(200_000);
    expect(JSON.parse(r.stdout).needsYou).toBe(400);
  });

  it('writes everything to a pipe another process made non-blocking', async () => {
    // The parent starts the command on its own stdout, a pipe, then touches that stream: Node
    // makes the pipe non-blocking under the command (which starts 200 ms later). The command's
    // direct writes then meet EAGAIN once the pipe (a socket here, of some 200 KB) is full, and
    // go on through Node's stream: 1,200 blockers make about 830 KB.
    const command = `sleep 0.2; exec "$0" ${JSON.stringify(BIN)} gates --json`;
    const parent = `const c = require('node:child_process').spawn('bash', ['-c', ${JSON.stringify(command)}, process.execPath], { stdio: 'inherit' }); process.stdout.write(''); c.on('exit', (code) => { process.exitCode = code; });`;
    const r = await readSlowly(['-e', parent], bigRepo(60));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).needsYou).toBe(1200);
  });

  it('ends quietly when the reader goes away (`gates --json | head`)', () => {
    const repo = bigRepo();
    const r = spawnSync(
      'bash',
      [
        '-c',
        `"$0" "$1" gates --json 2>err.txt | head -c 100 >/dev/null; echo "\${PIPESTATUS[0]}"`,
        process.execPath,
        BIN,
      ],
      {
        cwd: repo,
        encoding: 'utf8',
      },
    );
    expect(r.stdout.trim()).toBe('0');
    expect(readFileSync(join(repo, 'err.txt'), 'utf8')).toBe('');
  });
});
