// Generated repositories for the archive guarantees, and an independent link checker (a full
// remark parse of every tracked markdown file, resolved with node:path) to compare before/after.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import type { Nodes } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { prng } from '../../scripts/prng.mjs';
import { GIT_ENV } from '../helpers/git-env.js';

const FILLER =
  'The parser reads each roadmap once and the dashboard shows what is left; every decision is recorded where the next person looks for it.';

/** A roadmap of realistic size (so git sees a moved file as a rename). */
function roadmap(title: string, finished: boolean, links: string[]): string {
  const lines = [`# Roadmap: ${title}`, '', FILLER, '', ...links.map((l) => `- see ${l}`), ''];
  for (let p = 1; p <= 3; p++) {
    lines.push(`## Phase ${p} — work ${p}`, '', FILLER, '');
    for (let s = 0; s < 5; s++)
      lines.push(`- [${finished || s < 3 ? 'x' : ' '}] step ${p}.${s} ${FILLER.slice(0, 60)}`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

function encode(path: string): string {
  return encodeURI(path);
}

/** Relative path from a file's folder to a target, POSIX. */
function rel(from: string, to: string): string {
  return posix.relative(posix.dirname(from), to) || posix.basename(to);
}

/** Files of a generated repository: roadmaps (some finished), docs, code, evidence, patches. */
export function generateArchiveRepo(seed: number): { files: Record<string, string>; finished: string[] } {
  const rand = prng(seed);
  const names = [
    'alpha.md',
    'beta.md',
    'topic/gamma.md',
    'topic/deep/delta.md',
    'my plan.md',
    'Straße-ünïcode.md',
  ];
  const roadmaps = names.map((n) => `agents/roadmaps/${n}`);
  const finished = roadmaps.filter((_, i) => i % 2 === 0 || rand() < 0.3);
  const files: Record<string, string> = {};
  roadmaps.forEach((path, i) => {
    const other = roadmaps[(i + 1) % roadmaps.length]!;
    const third = roadmaps[(i + 3) % roadmaps.length]!;
    const links = [
      `[next](${encode(rel(path, other))}#phase-2)`,
      `[third](<${rel(path, third)}> "Third")`,
      `[docs](${rel(path, 'docs/guide.md')})`,
      `![diagram](${rel(path, 'docs/img/diagram.png')})`,
      `[self](#phase-1)`,
      `[escape](${rel(path, '../outside.md')})`,
      `\`${other}\``,
    ];
    files[path] = roadmap(`Plan ${i}`, finished.includes(path), links);
  });
  const guide = ['# Guide', ''];
  for (const path of roadmaps) {
    guide.push(`- [${posix.basename(path)}](${encode(rel('docs/guide.md', path))}#phase-1) — ${path}`);
    guide.push(`- ![badge](${encode(rel('docs/guide.md', path))})`);
  }
  guide.push(
    '',
    '```sh',
    `cat ${roadmaps[0]}`,
    '```',
    '',
    `[ref]: ${encode(rel('docs/guide.md', roadmaps[2]!))}`,
    '',
  );
  files['docs/guide.md'] = guide.join('\n');
  files['docs/nested/deeper/notes.md'] = roadmaps
    .map((p) => `* <${rel('docs/nested/deeper/notes.md', p)}> as [link](/${encode(p)}) in ${p}`)
    .join('\n\n');
  files['docs/img/diagram.png'] = 'not really a png';
  files['README.md'] = `# Project\n\nCurrent plan: [alpha](${roadmaps[0]}) (\`${roadmaps[0]}\`).\n`;
  files['src/plans.ts'] = `export const PLANS = ${JSON.stringify(roadmaps, null, 2)};\n`;
  files['.github/workflows/ci.yml'] = `on: push\n# see ${roadmaps[1]}\n`;
  files['agents/evidence/2026-01-01-review.md'] =
    `# Review\n\nChecked ${roadmaps[0]} and [the plan](../roadmaps/${encode(names[2]!)}).\n`;
  files['agents/evidence/run/diff.patch'] = `--- a/${roadmaps[0]}\n+++ b/${roadmaps[0]}\n@@ -1 +1 @@\n`;
  files['changes/fix.patch'] = `--- a/${roadmaps[4]}\n+++ b/${roadmaps[4]}\n`;
  return { files, finished };
}

/** Runs git with the test environment. */
export function gitOut(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
}

/** SHA-256 of a file's bytes. */
export function hashFile(abs: string): string {
  return createHash('sha256').update(readFileSync(abs)).digest('hex');
}

function collect(node: Nodes, out: string[]): void {
  if (node.type === 'link' || node.type === 'image' || node.type === 'definition') out.push(node.url);
  if ('children' in node) for (const child of node.children) collect(child as Nodes, out);
}

/** Every local link of every tracked markdown file that resolves to an existing path: `file → target`. */
export function resolvingLinks(root: string): string[] {
  const parser = unified().use(remarkParse);
  const found: string[] = [];
  const tracked = gitOut(root, '-c', 'core.quotepath=off', 'ls-files', '-z').split('\0').filter(Boolean);
  for (const file of tracked) {
    if (!file.endsWith('.md')) continue;
    const urls: string[] = [];
    collect(parser.parse(readFileSync(join(root, file), 'utf8')) as Nodes, urls);
    for (const url of urls) {
      if (url === '' || url.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//'))
        continue;
      const path = decodeURIComponent(url.split(/[#?]/)[0]!);
      const abs = path.startsWith('/') ? join(root, path) : join(root, dirname(file), path);
      if (existsSync(abs)) found.push(`${file} → ${posix.relative(root, abs)}`);
    }
  }
  return found.sort();
}
