// A phase's id as the scanner reads it from a heading: a number with dotted sub-levels and an
// optional lower-case suffix, a Roman numeral, or a capital letter with optional digits. One
// grammar for the headings and for the `Phase <id>` a blocker's Blocks value names.
export const PHASE_ID = String.raw`(\d+(?:\.\d+)*[a-z]?|[IVX]+|[A-Z]\d*)`;

const PHASE_NAMED = new RegExp(String.raw`\bPhase\s+${PHASE_ID}(?![\w.])`, 'g');

/** The phase ids a Blocks value names; none when it names no phase (it links to nothing). */
export function phasesNamed(blocks: string): string[] {
  return [...blocks.matchAll(PHASE_NAMED)].map((m) => m[1]!);
}
