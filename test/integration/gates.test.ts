import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/context.js';
import { copyFixture, makeRepo, tempDir } from '../helpers/repo.js';

const ROADMAP = (blockers: string, open = 2) =>
  `# R\n\n## Phase 1\n\n${'- [ ] s\n'.repeat(open)}- [x] d\n\n## Blockers\n\n${blockers}`;
const USER = (id: string) => `### blocker: ${id}\n- **Owner:** user\n- **What to do:** decide ${id}\n\n`;

describe('gates without a roadmap folder', () => {
  const repo = makeRepo({ 'README.md': '# x\n' });

  it("prints upstream's message in each view and exits 0", async () => {
    expect(await run(repo, ['gates'])).toEqual({
      code: 0,
      stdout: 'No roadmaps directory — nothing to report.\n',
      stderr: '',
    });
    expect(await run(repo, ['gates', '--json'])).toEqual({
      code: 0,
      stdout: '{"needsYou":0,"other":0,"blockers":[]}\n',
      stderr: '',
    });
    expect(await run(repo, ['gates', '--reply'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('refuses (exit 2, one line) when agents/roadmaps is a file, not a folder', async () => {
    const dir = makeRepo({ 'agents/roadmaps': 'oops' });
    const r = await run(dir, ['gates']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'agent-config: agents/roadmaps: is not a folder — move the file away; roadmaps live in a folder of that name\n',
    );
  });
});

describe('gates on an empty roadmap folder', () => {
  it('says no open blockers; reply is empty; JSON has zero counts', async () => {
    const repo = makeRepo({ 'agents/roadmaps/a.md': '# A\n\n## Phase 1\n\n- [ ] x\n' });
    expect((await run(repo, ['gates'])).stdout).toBe('No open blockers at all.\n');
    expect((await run(repo, ['gates', '--all'])).stdout).toBe('No open blockers at all.\n');
    expect((await run(repo, ['gates', '--reply'])).stdout).toBe('');
    expect(JSON.parse((await run(repo, ['gates', '--json'])).stdout)).toEqual({
      needsYou: 0,
      other: 0,
      blockers: [],
    });
  });
});

describe('gates with unreadable roadmaps', () => {
  const repo = makeRepo({
    'agents/roadmaps/good.md': ROADMAP(USER('visible')),
    'agents/roadmaps/binary.md': '# B\n\0\n## Phase 1\n- [ ] x\n',
  });
  writeFileSync(join(repo, 'agents/roadmaps/latin1.md'), Buffer.from([0x23, 0x20, 0xe9, 0x0a]));

  it('names each unreadable file on stderr, shows the rest and exits 0', async () => {
    const r = await run(repo, ['gates']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('── 1 · visible ');
    expect(r.stderr).toBe(
      [
        'agent-config gates: warning: agents/roadmaps/binary.md is binary (contains NUL bytes) — replace it with a markdown text file; its blockers are not shown',
        'agent-config gates: warning: agents/roadmaps/latin1.md is not valid UTF-8 — re-save it as UTF-8; its blockers are not shown',
        '',
      ].join('\n'),
    );
  });

  it('keeps stdout one valid JSON document in --json mode', async () => {
    const r = await run(repo, ['gates', '--json']);
    expect(JSON.parse(r.stdout).blockers.map((b: { id: string }) => b.id)).toEqual(['visible']);
    expect(r.stderr).toContain('binary.md');
  });
});

describe('gates ordering', () => {
  it('is byte-identical across runs and independent of file creation order', async () => {
    const files = {
      'agents/roadmaps/b.md': ROADMAP(USER('y') + USER('x')),
      'agents/roadmaps/A.md': ROADMAP(USER('z')),
      'agents/roadmaps/heavy/c.md': ROADMAP(USER('w'), 9),
      'agents/roadmaps/ä.md': ROADMAP(USER('v')),
    };
    const one = makeRepo(files);
    const reversed = makeRepo(Object.fromEntries(Object.entries(files).reverse()));
    const first = await run(one, ['gates', '--all']);
    expect((await run(one, ['gates', '--all'])).stdout).toBe(first.stdout);
    expect((await run(reversed, ['gates', '--all'])).stdout).toBe(first.stdout);
    expect(first.stdout.match(/^ {2}Roadmap: +.*$/gm)?.map((l) => l.split(/ +/)[2])).toEqual([
      'heavy/c.md',
      'A.md',
      'ä.md',
      'b.md',
      'b.md',
    ]);
    expect(first.stdout.match(/^── \d · \S+/gm)).toEqual([
      '── 1 · w',
      '── 2 · z',
      '── 3 · v',
      '── 4 · x',
      '── 5 · y',
    ]);
  });

  it('shows both blockers of a duplicated id, in file order', async () => {
    const repo = makeRepo({
      'agents/roadmaps/a.md': ROADMAP(
        '### blocker: twin\n- **Blocks:** first\n\n### blocker: twin\n- **Blocks:** second\n',
      ),
    });
    const r = await run(repo, ['gates']);
    expect(r.stdout.match(/Blocks: +(\w+)/g)).toEqual([
      'Blocks:            first',
      'Blocks:            second',
    ]);
  });
});

describe('gates on odd blocker entries', () => {
  it('prints an id with markdown literally and ignores a Blockers example inside a fence', async () => {
    const repo = makeRepo({
      'agents/roadmaps/a.md': ROADMAP(
        '### blocker: **bold** [link](http://x) `code`\n- **Owner:** user\n',
      ).replace('## Blockers', '```md\n## Blockers\n### blocker: fenced-example\n```\n\n## Blockers'),
    });
    const r = await run(repo, ['gates', '--all']);
    expect(r.stdout).toContain('── 1 · **bold** [link](http://x) `code` ─');
    expect(r.stdout).not.toContain('fenced-example');
    expect(r.stdout.split('\n')[0]).toBe('1 decision needs you');
  });
});

describe('gates --all', () => {
  it('names the owner of every blocker it shows; the default view stays as upstream prints it', async () => {
    const blockers = [
      '### blocker: mine\n- **Owner:** user\n- **What to do:** decide mine\n\n',
      '### blocker: theirs\n- **Owner:** maintainer (@ops)\n- **What to do:** rotate keys\n\n',
      '### blocker: nobody\n- **What to do:** decide it\n\n',
    ].join('');
    const dir = makeRepo({ 'agents/roadmaps/r.md': ROADMAP(blockers) });
    const all = (await run(dir, ['gates', '--all'])).stdout;
    const owners = [...all.matchAll(/^── \d+ · (\S+)[^\n]*\n {2}Roadmap: +r\.md\n {2}Owner: +(.*)$/gm)].map(
      (m) => [m[1], m[2]],
    );
    expect(owners).toEqual([
      ['mine', 'user'],
      ['nobody', 'user'],
      ['theirs', 'maintainer (@ops)'],
    ]);
    expect((await run(dir, ['gates'])).stdout).not.toContain('Owner:');
  });

  it('escapes what it shows of an owner', async () => {
    const dir = makeRepo({
      'agents/roadmaps/r.md': ROADMAP('### blocker: x\n- **Owner:** ops\u001b[2J\n- **What to do:** y\n\n'),
    });
    const r = await run(dir, ['gates', '--all']);
    expect(r.stdout).toContain('  Owner:             ops\\x1B[2J\n');
    expect(r.stderr).toContain('r.md');
  });
});

describe('gates view precedence', () => {
  it('lets --reply win over --json and --all, as upstream', async () => {
    const repo = makeRepo({ 'agents/roadmaps/a.md': ROADMAP(USER('first') + USER('second')) });
    const reply = await run(repo, ['gates', '--reply']);
    expect((await run(repo, ['gates', '--json', '--all', '--reply'])).stdout).toBe(reply.stdout);
    expect(reply.stdout.startsWith('Blocked: (unspecified) — a.md\nDo: decide first\n')).toBe(true);
  });
});

describe('gates root resolution', () => {
  const files = { 'agents/roadmaps/a.md': ROADMAP(USER('here')), 'src/deep/x.txt': 'x\n' };

  it('finds the git top level from a sub-folder', async () => {
    const repo = makeRepo(files);
    expect((await run(join(repo, 'src/deep'), ['gates'])).stdout).toContain('── 1 · here ');
  });

  it('takes --root from anywhere', async () => {
    const repo = makeRepo(files);
    expect((await run(tempDir(), ['gates', '--root', repo])).stdout).toContain('── 1 · here ');
  });

  it('reads the roadmap folder named in agent-config.yaml', async () => {
    const repo = makeRepo({
      'agent-config.yaml': 'roadmaps: plans\n',
      'plans/p.md': ROADMAP(USER('planned')),
    });
    expect((await run(repo, ['gates'])).stdout).toContain('── 1 · planned ');
  });

  it('rejects an unknown option with a usage error (exit 2)', async () => {
    const repo = makeRepo(files);
    const r = await run(repo, ['gates', '--everything']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--everything'");
  });
});

describe('gates on real upstream roadmaps', () => {
  it('shows nothing for the later-versions tree: resolved, fenced, archived and parked blockers stay out', async () => {
    const dir = copyFixture('agent-config-real/later-versions');
    const r = await run(dir, ['gates', '--all']);
    expect(r).toEqual({ code: 0, stdout: 'No open blockers at all.\n', stderr: '' });
  });

  it('reads the parked billing-cliff blocker field by field once it is an active, non-draft roadmap', async () => {
    const dir = copyFixture('agent-config-real/later-versions');
    const roadmaps = join(dir, 'agents/roadmaps');
    const active = join(roadmaps, 'road-to-billing-cliff-detection.md');
    renameSync(join(roadmaps, 'later/road-to-billing-cliff-detection.md'), active);
    // Still `status: draft`: hidden everywhere, even when active.
    expect((await run(dir, ['gates', '--all'])).stdout).toBe('No open blockers at all.\n');
    writeFileSync(active, readFileSync(active, 'utf8').replace('status: draft', 'status: ready'));
    const json = JSON.parse((await run(dir, ['gates', '--json', '--all'])).stdout);
    expect(json.needsYou).toBe(0);
    expect(json.other).toBe(1);
    expect(json.blockers).toEqual([
      {
        id: 'billing-cliff-signal-existence',
        roadmap: 'road-to-billing-cliff-detection.md',
        owner: 'maintainer',
        needsYou: false,
        blocks: 'step 1.1',
        unblocksSteps: 6,
        todo: [
          'pick exactly one — (a) run the Phase 1 surface probes on a live Pro/Max account driven to its quota boundary and record one verdict file per surface, or (b) close this roadmap as a published null on the review date if no maintainer has been at a quota boundary with the time to probe.',
        ],
        resolvedWhen:
          'all five verdict files exist under `agents/evidence/billing-cliff/`, or this roadmap is closed as a published null with that decision recorded at this blocker.',
        class: '3',
        question: '',
        recommendation:
          '(a), opportunistically. The probes are cheap once the boundary is reached anyway; what is expensive is manufacturing the boundary. (b) is the honest end state if the opportunity never arrives, and the review date exists so that outcome is chosen rather than defaulted into.',
        ifNothing:
          'the roadmap sits in `later/` past its review date and becomes the indefinite speculative debt the council named as the one real cost of parking it.',
        options: [],
        decide: null,
        line: 57,
      },
    ]);
    const text = await run(dir, ['gates']);
    expect(text.stdout).toBe(
      'Nothing is waiting on you. 1 open blocker sit with maintainer/external — see --all.\n',
    );
  });
});

describe('gates: hidden characters', () => {
  const repo = makeRepo({
    'agents/roadmaps/a.md': ROADMAP('### blocker: x\u202E\n- **Blocks:** \u001b[2Jnow\n- **Owner:** user\n'),
  });

  it('warns on stderr per file in the text views, and keeps raw values in JSON without a warning', async () => {
    const text = await run(repo, ['gates']);
    expect(text.stderr).toBe(
      'agent-config gates: warning: agents/roadmaps/a.md holds 1 control character(s), 1 bidi character(s), shown escaped as \\xNN or \\u{NNNN} — check the file\n',
    );
    const reply = await run(repo, ['gates', '--reply']);
    expect(reply.stdout.startsWith('Blocked: \\x1B[2Jnow — a.md\n')).toBe(true);
    const json = await run(repo, ['gates', '--json']);
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout).blockers[0]).toMatchObject({ id: 'x\u202E', blocks: '\u001b[2Jnow' });
  });

  it('names mixed-script words without claiming they were escaped', async () => {
    const dir = makeRepo({ 'agents/roadmaps/m.md': ROADMAP('### blocker: pаypal\n- **Owner:** user\n') });
    const r = await run(dir, ['gates']);
    expect(r.stdout).toContain('── 1 · pаypal ─');
    expect(r.stderr).toBe(
      'agent-config gates: warning: agents/roadmaps/m.md holds 1 word(s) mixing letters of two scripts (a Cyrillic а in a Latin word?) — check the file\n',
    );
  });

  it('shows a file name with a newline as one line, never a forged one', async () => {
    const dir = makeRepo({ 'agents/roadmaps/a\nDo: rm -rf.md': ROADMAP(USER('n')) });
    const r = await run(dir, ['gates', '--reply']);
    expect(r.stdout.split('\n')[0]).toBe('Blocked: (unspecified) — a\\x0ADo: rm -rf.md');
  });
});

describe('gates --pending', () => {
  it('answers before the roadmap folder is looked for, in text and JSON', async () => {
    const dir = makeRepo({ 'README.md': '# no roadmaps here\n' });
    expect(await run(dir, ['gates', '--pending'])).toEqual({
      code: 0,
      stdout: 'No staged actions awaiting confirmation.\n',
      stderr: '',
    });
    const json = JSON.parse((await run(dir, ['gates', '--pending', '--json', '--reply'])).stdout);
    expect(json).toMatchObject({ awaitingYou: 0, expired: 0, staged: [] });
  });

  it('lists a live stage in full and only counts an expired one', async () => {
    const dir = makeRepo({ 'agents/roadmaps/a.md': ROADMAP('') });
    const stage = (object: string) =>
      run(dir, [
        'stage',
        '--action',
        'delete-branch',
        '--object',
        object,
        '--source',
        'agent',
        '--ttl',
        '15m',
      ]);
    expect((await stage('old-branch')).code).toBe(0);
    const later = { clock: () => new Date('2026-11-30T12:20:00Z') };
    expect(
      (await run(dir, ['stage', '--action', 'push', '--object', 'main', '--source', 'hook'], later)).code,
    ).toBe(0);
    const r = await run(dir, ['gates', '--pending'], later);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('1 staged action awaits your confirmation · 1 expired unconfirmed');
    expect(r.stdout).toContain('· push ');
    expect(r.stdout).not.toContain('old-branch');
  });

  it('skips a garbage record with a warning naming the file', async () => {
    const dir = makeRepo({ 'agents/roadmaps/a.md': ROADMAP('') });
    const pending = join(dir, 'agents/runtime/staged-confirmations/pending');
    mkdirSync(pending, { recursive: true });
    writeFileSync(join(pending, '0123456789abcdef.json'), '{not json');
    const r = await run(dir, ['gates', '--pending']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('No staged actions awaiting confirmation.\n');
    expect(r.stderr).toContain('0123456789abcdef.json');
  });
});
