import { closesFence, type Fence, fenceOpener } from './fences.js';

/** A heading that names a phase in a way the dashboard does not read (`## Phase -1`, `#### Phase 2`). */
const PHASE_LOOKALIKE = /^#{2,6}[ \t]*phase\b/i;

/**
 * The first heading before `before` (a 1-based line) that looks like a phase heading, outside
 * fenced code: upstream's `## Phase -1: …` is one, and the steps below it are not counted.
 */
export function phaseLookalike(text: string, before: number): { line: number; text: string } | null {
  const lines = text.split('\n');
  let fence: Fence | null = null;
  for (let i = 0; i < before - 1 && i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    fence = fenceOpener(line);
    if (fence === null && PHASE_LOOKALIKE.test(line)) {
      return { line: i + 1, text: line.length > 60 ? `${line.slice(0, 60)}…` : line };
    }
  }
  return null;
}
