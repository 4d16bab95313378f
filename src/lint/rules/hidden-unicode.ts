import {
  findHiddenCharacters,
  mixedScriptTokens,
  type SanitizeWarningKind,
} from '../../core/text/sanitize.js';
import type { Roadmap } from '../../roadmap/model.js';
import type { Finding, LintDocument, LintRule } from '../types.js';

// A binary file would yield a finding per byte; past this many the rest are summed up.
const MAX_PER_FILE = 20;

const WHAT: Record<SanitizeWarningKind, string> = {
  control: 'control character {c} — a terminal may act on it',
  backspace: 'backspace {c} — it can hide the characters before it',
  bidi: 'bidi control {c} — it reorders the text a reader sees',
  'zero-width': 'zero-width character {c} — invisible, it makes equal-looking text differ',
  'mixed-script': 'mixed-script token {c}',
};

// A byte-order mark at the very start is an encoding marker, not hidden text.
function isLeadingBom(h: { column: number; shown: string }): boolean {
  return h.column === 1 && h.shown === '\\u{FEFF}';
}

function hiddenCharacters(doc: LintDocument): Finding[] {
  const out: Finding[] = [];
  // Most documents are clean: one scan of the whole text decides whether lines need a look.
  const whole = doc.text.includes('\r') ? doc.text.replace(/\r\n/g, '\n') : doc.text;
  if (!doc.invalidUtf8 && findHiddenCharacters(whole).every(isLeadingBom)) return out;
  const lines = doc.text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    for (const h of findHiddenCharacters(line)) {
      if (i === 0 && isLeadingBom(h)) continue;
      out.push({
        line: i + 1,
        column: h.column,
        message: `${WHAT[h.kind].replace('{c}', h.shown)}; delete it`,
      });
    }
    if (doc.invalidUtf8) {
      for (let c = line.indexOf('\uFFFD'); c >= 0; c = line.indexOf('\uFFFD', c + 1)) {
        out.push({
          line: i + 1,
          column: c + 1,
          message: 'bytes that are not UTF-8; re-save the file as UTF-8',
        });
      }
    }
  }
  return out;
}

function mixedScriptNames(roadmap: Roadmap): Finding[] {
  const out: Finding[] = [];
  const flag = (what: string, value: string, line: number, column: number) => {
    for (const token of mixedScriptTokens(value)) {
      out.push({
        line,
        column,
        message: `${what} '${token}' mixes letters of different scripts — a look-alike of another name?`,
      });
    }
  };
  for (const b of roadmap.blockersSection?.blockers ?? []) {
    flag('blocker id', b.id, b.line, 1);
    const owner = b.fields.find((f) => f.label.toLowerCase() === 'owner');
    if (owner !== undefined) flag('owner', owner.value, owner.line, 1);
  }
  for (const m of roadmap.blockedBy) flag('blocked-by id', m.raw, m.line, m.column);
  return out;
}

function check(doc: LintDocument): Finding[] {
  const found = hiddenCharacters(doc);
  if (doc.roadmap !== null) found.push(...mixedScriptNames(doc.roadmap));
  if (found.length <= MAX_PER_FILE) return found;
  const shown = found.slice(0, MAX_PER_FILE);
  shown.push({
    ...found[MAX_PER_FILE]!,
    message: `and ${found.length - MAX_PER_FILE} more hidden or invalid character(s) in this file`,
  });
  return shown;
}

/** `hidden-unicode`: characters a reader cannot see, and look-alike names (SPEC §8). */
export const hiddenUnicodeRule: LintRule = {
  meta: {
    id: 'hidden-unicode',
    description:
      'Roadmaps and failure-signature documents hold no control bytes, bidi controls, zero-width characters or non-UTF-8 bytes, and no blocker id, owner or blocked-by id mixes scripts.',
    rationale:
      'Agents act on these documents. A bidi control can make a line read differently from what it says, a zero-width character makes two equal-looking ids differ, and an ANSI escape can recolour or clear a terminal. The sanitizer shows them escaped in every command; this rule makes them findings. Fenced code is checked too: a hidden character is hidden wherever it sits.',
    severity: 'error',
    fixable: false,
    scopes: ['roadmap', 'failure-signatures'],
    examples: {
      ok: [
        {
          file: 'agents/roadmaps/search.md',
          text: '# Roadmap: search — für alle\n\n## Phase 1 — Index\n\n- [ ] Build the index\n',
        },
      ],
      notOk: [
        {
          file: 'agents/roadmaps/search.md',
          text: '# Roadmap: search\n\n## Phase 1 — Index\n\n- [ ] Build the index\u200B\n- [ ] Ship \u202Eit\n\n## Blockers\n\n### blocker: st\u043Erage\n- **Status:** open\n- **Owner:** user\n',
        },
      ],
    },
  },
  check,
};
