import { isUtf8 } from 'node:buffer';
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { GitPort } from '../core/git-port.js';
import type { LeftAlone, PlannedMove } from './model.js';
import { baseName } from './paths.js';
import type { CandidateFile } from './plan.js';
import { isMarkdownPath } from './references.js';

/** The files the planner examines, and those it cannot examine as text. */
export interface Gathered {
  files: CandidateFile[];
  unexamined: LeftAlone[];
}

function citedIn(content: string | Buffer, moves: readonly PlannedMove[]): string | null {
  for (const m of moves) if (content.includes(m.from)) return m.from;
  return null;
}

/** Reads one candidate into `out`: a text file to plan, or a reason it cannot be examined. */
function readCandidate(
  root: string,
  path: string,
  moves: readonly PlannedMove[],
  tracked: ReadonlySet<string>,
  out: Gathered,
): void {
  const abs = join(root, path);
  let isLink: boolean;
  try {
    isLink = lstatSync(abs).isSymbolicLink();
  } catch {
    return;
  }
  if (isLink) {
    // Writing through a link would replace it by a file: links are reported, never followed.
    const cites = citedIn(readlinkSync(abs), moves);
    if (cites) out.unexamined.push({ path, line: 0, cites, reason: 'symlink' });
    return;
  }
  let buf: Buffer;
  try {
    buf = readFileSync(abs);
  } catch {
    out.unexamined.push({ path, line: 0, cites: '', reason: 'unreadable' });
    return;
  }
  if (buf.includes(0) || !isUtf8(buf)) {
    const cites = citedIn(buf, moves);
    if (cites)
      out.unexamined.push({ path, line: 0, cites, reason: buf.includes(0) ? 'binary' : 'unreadable' });
    return;
  }
  const text = buf.toString('utf8');
  if (!isMarkdownPath(path) && citedIn(text, moves) === null) return;
  out.files.push({ path, text, tracked: tracked.has(path) });
}

/**
 * Asks git which files may cite a moved roadmap (`git grep -l -F` for the moved file names,
 * tracked and untracked-but-not-ignored files, binary ones included so they can be reported),
 * then reads them. Markdown files stay candidates for relative links; other files only when
 * they contain an exact old path.
 */
export async function gatherCandidates(
  root: string,
  git: GitPort,
  moves: readonly PlannedMove[],
  tracked: ReadonlySet<string>,
): Promise<Gathered> {
  const out: Gathered = { files: [], unexamined: [] };
  if (moves.length === 0) return out;
  const needles = new Set<string>();
  for (const m of moves) {
    needles.add(baseName(m.from));
    needles.add(encodeURI(baseName(m.from)));
  }
  const paths = new Set(await git.grepFixed([...needles], { untracked: true, binary: true }));
  for (const m of moves) paths.add(m.from);
  for (const path of [...paths].sort()) readCandidate(root, path, moves, tracked, out);
  return out;
}
