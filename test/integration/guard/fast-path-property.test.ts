import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideHookFastPath } from '../../../src/cli/hook-fast-path.js';
import { classifyCommand } from '../../../src/guard/classify.js';
import { readHookInput } from '../../../src/guard/harness.js';
import type { GuardRule } from '../../../src/guard/rule-types.js';
import { DEFAULT_RULES } from '../../../src/guard/rules.js';
import { SHELLS, WRAPPERS } from '../../../src/guard/vocabulary.js';
import { anchoredKeywords } from '../../../src/repo/anchor-note.js';
import { claudeInput } from './claude-input.js';
import { type ConfigPlacement, PLACEMENTS } from './config-placements.js';

// Item 2 of issue 28: whenever the full classification would hold a command, the hook's fast
// path does not answer "no opinion" for it. The commands are built from the rule table's own
// vocabulary (programs, keywords, the words and options of each rule's summary), every one
// split every way the shell puts a word back together, and abbreviated every way.

// As hookFastPath calls it: the committed rules' words come from the note the full decision left.
const answersFast = (dir: string, command: string) =>
  'answer' in
  decideHookFastPath('claude-code', claudeInput(command, dir), [dir, dir], () => anchoredKeywords(dir, {}));

/** A rule table's words: programs, keywords and the words of its summaries; and its options. */
function vocabularyOf(rules: readonly GuardRule[]) {
  const perRule = rules.map((r) => {
    const words = new Set<string>([...r.programs, ...r.keywords]);
    const options = new Set<string>();
    for (const w of r.summary.split(/[\s/(),;…]+/)) {
      if (/^--?[A-Za-z]/.test(w)) options.add(w.replace(/[=[].*$/, ''));
      else if (/^[+:]?[A-Za-z][\w.-]*$/.test(w)) words.add(w);
    }
    return { rule: r, words: [...words], options: [...options] };
  });
  const words = [...new Set(perRule.flatMap((r) => r.words))];
  const options = [...new Set(perRule.flatMap((r) => r.options))];
  return { perRule, words, options };
}

/** Every abbreviation of a word or a long option (`--mirr`, `publis`); short options have none. */
function abbreviations(word: string): string[] {
  if (word.startsWith('--')) return range(3, word.length).map((n) => word.slice(0, n));
  if (word.startsWith('-')) return [];
  return range(1, word.length).map((n) => word.slice(0, n));
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0');

/** The ways a shell builds one word from pieces, applied at position `k` of a word. */
const SPLICES: readonly ((w: string, k: number) => string)[] = [
  (w, k) => `${w.slice(0, k)}\\\n${w.slice(k)}`,
  (w, k) => `${w.slice(0, k)}""${w.slice(k)}`,
  (w, k) => `${w.slice(0, k)}''${w.slice(k)}`,
  (w, k) => `${w.slice(0, k)}$""${w.slice(k)}`,
  (w, k) => `${w.slice(0, k)}$''${w.slice(k)}`,
  (w, k) => `${w.slice(0, k)}\`\`${w.slice(k)}`,
  (w, k) => `${w.slice(0, k)}$(true)${w.slice(k)}`,
  (w, k) => `${w.slice(0, k)}\${EMPTY}${w.slice(k)}`,
  (w, k) => (k < w.length ? `${w.slice(0, k)}$'\\x${hex(w[k]!)}'${w.slice(k + 1)}` : `${w}$''`),
  (w, k) => (k < w.length ? `${w.slice(0, k)}\\${w.slice(k)}` : w),
  (w, k) => `${w.slice(0, k)}"${w.slice(k)}"`,
  (w, k) => `'${w.slice(0, k)}'${w.slice(k)}`,
];

/** Whether the full classification holds a line, or asks the repository about it (`rm -r src`). */
const holds = (command: string, rules: readonly GuardRule[]) => {
  const c = classifyCommand(command, rules);
  return c.actions.length > 0 || c.checks.length > 0;
};

/**
 * The commands each default rule's vocabulary names (rule-types.ts `RuleVocabulary`): its
 * program, every spelling of its subcommands, and each guarded option (long and short), plus the
 * rule's own example.
 */
function vocabularySeeds(rules: readonly GuardRule[]): string[][] {
  const out: string[][] = [];
  for (const r of rules) {
    const v = r.vocabulary;
    if (v === undefined) continue;
    out.push(v.example.split(' '));
    let paths: string[][] = [[]];
    for (const level of v.subcommands) paths = paths.flatMap((p) => level.map((w) => [...p, w]));
    const options = [...v.longOptions, ...[...v.shortOptions].map((c) => `-${c}`)];
    for (const program of r.programs) {
      for (const path of paths) {
        out.push([program, ...path]);
        for (const o of options) out.push([program, ...path, o]);
        out.push([program, ...path, 'x']);
      }
    }
  }
  return out;
}

/** Commands of the rule table's words the full classification holds: the seeds to disguise. */
function heldSeeds(rules: readonly GuardRule[]): string[][] {
  const seeds = new Map<string, string[]>();
  for (const seed of vocabularySeeds(rules)) {
    const line = seed.join(' ');
    if (!seeds.has(line) && holds(line, rules)) seeds.set(line, seed);
  }
  for (const { rule, words, options } of vocabularyOf(rules).perRule) {
    for (const program of rule.programs) {
      for (const a of ['', ...words]) {
        for (const b of ['', ...words, ...options]) {
          const seed = [program, a, b].filter((w) => w !== '');
          const line = seed.join(' ');
          if (!seeds.has(line) && holds(line, rules)) seeds.set(line, seed);
        }
      }
    }
  }
  return [...seeds.values()];
}

/** Every seed with one word split every way, and with one word abbreviated every way. */
function disguises(seed: readonly string[]): string[] {
  const out: string[] = [];
  seed.forEach((word, i) => {
    const put = (w: string) => out.push([...seed.slice(0, i), w, ...seed.slice(i + 1)].join(' '));
    for (const splice of SPLICES) for (const k of range(0, word.length + 1)) put(splice(word, k));
    for (const short of abbreviations(word)) put(short);
  });
  return out;
}

const DEFAULT_ACTIONS = DEFAULT_RULES.map((r) => r.action);
const EVERYDAY = [
  'ls',
  'cat',
  'echo',
  'make',
  'node',
  'grep',
  'status',
  'diff',
  'log',
  'test',
  'run',
  'build',
];
const MORE_WORDS = [
  'origin',
  'main',
  'HEAD~1',
  '-la',
  'README.md',
  '-c',
  '-e',
  '--oneline',
  'x',
  'production',
];
const PIECES = [
  '2>&1',
  '>/dev/null',
  '> agent-config.yaml',
  '>> .claude/settings.json',
  '# note',
  '~',
  '*',
  'x=push',
  '$x',
  '"DROP TABLE x"',
  "'git push -f'",
  '<<< "git push -f"',
  '<<EOF\ngit push -f\nEOF',
  '$(git push -f)',
  '`npm publish`',
];
/** Wrappers as written before a command (issue 28 item 3): each runs the words after it. */
const WRAPPED = [
  ...WRAPPERS.filter((w) => !['find', 'at', 'batch', 'ssh', 'tmux', 'screen'].includes(w)),
  'setsid -w',
  'flock /tmp/lock',
  'flock -x /tmp/lock',
  'strace -f -o /tmp/t',
  'ltrace -f',
  'chrt 1',
  'chrt -r 1',
  'taskset 1',
  'taskset -c 0',
  'nice -n 5',
  'ionice -c 3',
  'timeout 5',
  'timeout -s KILL 5',
  'stdbuf -o0',
  'sudo -u root',
  'sudo -E',
  'doas -u root',
  'env A=1',
  'env -S',
  'env -i',
  'env -u X',
  'command',
  'exec',
  'time -p',
  'xargs',
  'xargs -0',
  'parallel',
  'watch -n 1',
  'script -qc',
  'su -c',
  'su root -c',
  'runuser -u x --',
  'busybox',
  'toybox',
  'npx',
  'npx -y',
  'bunx',
  'uvx',
  'pipx run',
  'poetry run',
  'uv run',
  'mise exec --',
  'nix-shell --run',
  'dotenv --',
  'cross-env A=1',
  'unbuffer',
  'chronic',
  'caffeinate',
  'entr -s',
  'find . -exec',
  'find . -execdir',
  'nohup',
  'npm exec --',
  'pnpm dlx',
  'yarn exec',
  'bundle exec',
];
const OPERATORS = [' && ', '; ', ' | ', '\n', ' || ', ' & ', ' |& '];

/** A generated `agent-config.yaml`: nothing, something else, or `guard` spelled any way YAML allows. */
const customRule = fc.record({
  program: fc.constantFrom(
    'ls',
    'cat',
    'make',
    './scripts/deploy.sh',
    'git',
    'npm',
    'kubectl',
    'echo',
    'terraform',
  ),
  lead: fc.subarray(['production', 'status', 'build', 'drain', 'test'], { maxLength: 2 }),
  anyOf: fc.subarray(['--force', '-f', '--all', '-x'], { maxLength: 2 }),
  window: fc.constantFrom('allow', 'never'),
});
type CustomRule = { program: string; lead: string[]; anyOf: string[]; window: string };
const guardSection = fc.record({
  key: fc.constantFrom('guard', '"guard"', "'guard'", '"\\x67uard"', '"gu\\u0061rd"', '"gu\\\n  ard"'),
  disable: fc.subarray(DEFAULT_ACTIONS),
  never: fc.subarray(DEFAULT_ACTIONS),
  rules: fc.array(customRule, { maxLength: 3 }),
  flow: fc.boolean(),
});
type GuardSection = { key: string; disable: string[]; never: string[]; rules: CustomRule[]; flow: boolean };

function yamlOf(g: GuardSection): string {
  const list = (xs: readonly string[]) => `[${xs.join(', ')}]`;
  const rules = g.rules.map(
    (r, i) =>
      `{action: custom-${i}, command: ${list([r.program, ...r.lead])}, any-of: ${list(r.anyOf)}, window: ${r.window}}`,
  );
  if (g.flow) {
    return `{${g.key}: {disable: ${list(g.disable)}, never: ${list(g.never)}, rules: ${list(rules)}}}\n`;
  }
  return `${g.key}:\n  disable: ${list(g.disable)}\n  never: ${list(g.never)}\n  rules:\n${rules.map((r) => `    - ${r}\n`).join('')}`;
}

const configuration = fc.oneof(
  fc.constant({ yaml: null as string | null, rules: [] as CustomRule[] }),
  fc.constant({ yaml: 'roadmaps: agents/roadmaps\n' as string | null, rules: [] as CustomRule[] }),
  guardSection.map((g) => ({ yaml: yamlOf(g) as string | null, rules: g.rules })),
);

describe.each(PLACEMENTS.map((p) => [p().name, p] as const))(
  'the fast path never says less than the full classification, configuration in %s',
  (_name, placement: () => ConfigPlacement) => {
    const { words, options } = vocabularyOf(DEFAULT_RULES);
    const seeds = heldSeeds(DEFAULT_RULES);

    it('finds held seeds for every default rule in its own vocabulary', () => {
      const rules = DEFAULT_RULES;
      const covered = new Set(
        seeds.flatMap((s) => {
          const c = classifyCommand(s.join(' '), rules);
          return [...c.actions, ...c.checks.map((k) => k.action)];
        }),
      );
      expect([...covered].sort()).toEqual([...DEFAULT_ACTIONS].sort());
    });

    it('leaves every held seed to the full classification, each word split every way and abbreviated every way', () => {
      const p = placement();
      const dir = p.setUp(null);
      const rules = p.rulesInForce(dir);
      let held = 0;
      const missed: string[] = [];
      for (const seed of seeds) {
        for (const command of [seed.join(' '), ...disguises(seed)]) {
          if (!holds(command, rules)) continue;
          held++;
          if (answersFast(dir, command)) missed.push(command);
        }
      }
      expect(missed).toEqual([]);
      expect(held).toBeGreaterThan(1000);
    });

    it('leaves every held seed to the full classification behind each wrapper the classifier looks through', () => {
      const p = placement();
      const dir = p.setUp(null);
      const rules = p.rulesInForce(dir);
      const missed: string[] = [];
      let held = 0;
      for (const seed of seeds) {
        for (const wrapper of WRAPPED) {
          const command = `${wrapper} ${seed.join(' ')}`;
          if (!holds(command, rules)) continue;
          held++;
          if (answersFast(dir, command)) missed.push(command);
        }
      }
      expect(missed).toEqual([]);
      expect(held).toBeGreaterThan(seeds.length * 10);
    });

    it('holds for generated command lines under generated configurations', () => {
      const p = placement();
      const allWords = [...words, ...options, ...EVERYDAY, ...MORE_WORDS, 'sudo', 'env', 'xargs', 'eval'];
      const abbreviated = [...words, ...options].flatMap(abbreviations);
      const spliced = fc
        .tuple(fc.constantFrom(...allWords), fc.nat(), fc.constantFrom(...SPLICES))
        .map(([w, n, splice]) => splice(w, n % (w.length + 1)));
      const word = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...allWords) },
        { weight: 2, arbitrary: fc.constantFrom(...abbreviated) },
        { weight: 2, arbitrary: spliced },
        { weight: 1, arbitrary: fc.constantFrom(...PIECES) },
      );
      const programs = [...DEFAULT_RULES.flatMap((r) => r.programs), ...EVERYDAY, ...SHELLS.slice(0, 3)];
      const program = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...programs) },
        { weight: 1, arbitrary: spliced },
      );
      const simple = fc
        .tuple(fc.option(fc.constantFrom(...WRAPPED)), program, fc.array(word, { maxLength: 5 }))
        .map(([wrap, prog, rest]) => [...(wrap === null ? [] : [wrap]), prog, ...rest].join(' '));
      // Everyday lines too: the fast path must still answer for some (the property is not vacuous).
      const plain = fc
        .tuple(
          fc.constantFrom(...EVERYDAY.slice(0, 5)),
          fc.array(fc.constantFrom(...MORE_WORDS), { maxLength: 3 }),
        )
        .map(([prog, rest]) => [prog, ...rest].join(' '));
      const line = fc
        .tuple(
          fc.oneof(simple, plain),
          fc.array(fc.tuple(fc.constantFrom(...OPERATORS), fc.oneof(simple, plain)), { maxLength: 2 }),
        )
        .map(([first, more]) => first + more.map(([op, s]) => op + s).join(''));
      /** The custom rules' own commands, plain and disguised. */
      const ownCommands = (rules: readonly CustomRule[]) =>
        rules.flatMap((r) => {
          const seed = [r.program, ...r.lead, ...r.anyOf.slice(0, 1)];
          return [seed.join(' '), ...disguises(seed).filter((_, i) => i % 7 === 0)];
        });

      let held = 0;
      let fast = 0;
      fc.assert(
        fc.property(configuration, fc.array(line, { minLength: 1, maxLength: 8 }), (config, lines) => {
          const dir = p.setUp(config.yaml);
          const rules = p.rulesInForce(dir);
          for (const command of [...lines, ...ownCommands(config.rules)]) {
            const answered = answersFast(dir, command);
            if (answered) fast++;
            if (!holds(command, rules)) continue;
            held++;
            expect([command, config.yaml, answered]).toEqual([command, config.yaml, false]);
          }
        }),
        { numRuns: p.runs },
      );
      expect(held).toBeGreaterThan(p.runs / 3);
      expect(fast).toBeGreaterThan(10);
    });
  },
);

describe('malformed hook input never gets the fast answer', () => {
  it('answers fast only for the harness’s own shell call, whatever the text', () => {
    const dir = PLACEMENTS[0]!().setUp(null);
    const valid = claudeInput('ls', dir);
    const mutated = fc.tuple(fc.nat(), fc.nat(), fc.string({ maxLength: 12 })).map(([at, cut, put]) => {
      const i = at % (valid.length + 1);
      return valid.slice(0, i) + put + valid.slice(Math.min(valid.length, i + (cut % 8)));
    });
    const reshaped = fc
      .record(
        {
          hook_event_name: fc.oneof(fc.constant('PreToolUse'), fc.jsonValue()),
          tool_name: fc.oneof(fc.constant('Bash'), fc.jsonValue()),
          tool_input: fc.oneof(fc.constant({ command: 'ls' }), fc.jsonValue()),
          cwd: fc.oneof(fc.constant(dir), fc.jsonValue()),
          note: fc.constant('git push -f'),
        },
        { requiredKeys: [] },
      )
      .map((o) => JSON.stringify(o));
    fc.assert(
      fc.property(fc.oneof(mutated, reshaped, fc.json(), fc.string()), (text) => {
        const r = decideHookFastPath('claude-code', text, [dir, dir]);
        if ('answer' in r) expect(readHookInput('claude-code', text).kind).toBe('shell');
        else expect(r.stdin).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});
