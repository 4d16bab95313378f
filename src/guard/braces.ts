// Bash's brace expansion, on a word's source text (before any other expansion, as bash does it).

/** The index of the last character of the quoted run or expansion starting at `i`; -1 if unclosed. */
function runEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '\\') return i + 1;
  if (c === "'" || c === '`') return text.indexOf(c, i + 1);
  if (c === '"') {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '"') return j;
    }
    return -1;
  }
  if (c === '$' && (text[i + 1] === '{' || text[i + 1] === '(')) {
    const open = text[i + 1]!;
    const close = open === '{' ? '}' : ')';
    let depth = 0;
    for (let j = i + 1; j < text.length; j++) {
      const k = text[j]!;
      if ('\\\'"`'.includes(k)) {
        const e = runEnd(text, j);
        if (e === -1) return -1;
        j = e;
      } else if (k === open) depth++;
      else if (k === close && --depth === 0) return j;
    }
    return -1;
  }
  return i;
}

const QUOTING = '\\\'"`$';

/** The `}` closing the brace at `open` and the commas at its own level, or null. */
function closeOf(text: string, open: number): { close: number; commas: number[] } | null {
  const commas: number[] = [];
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (QUOTING.includes(c)) {
      const e = runEnd(text, i);
      if (e === -1) return null;
      i = e;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return { close: i, commas };
    else if (c === ',' && depth === 1) commas.push(i);
  }
  return null;
}

function sequence(body: string): string[] | null {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  if (m === null) return null;
  const [, from = '', to = '', stepText] = m;
  const numeric = /\d/.test(from) && /\d/.test(to);
  if (!numeric && (/\d/.test(from) || /\d/.test(to))) return null;
  const a = numeric ? Number(from) : from.charCodeAt(0);
  const b = numeric ? Number(to) : to.charCodeAt(0);
  const step = Math.max(1, Math.abs(Number(stepText ?? 1)) || 1);
  const out: string[] = [];
  for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
    out.push(numeric ? String(v) : String.fromCharCode(v));
    if (out.length > 64) return null;
  }
  return out;
}

/** Bash's brace expansion of a word's source text: `{push,}` → `push` and ``; `x{1..3}` → x1 x2 x3. */
export function expandBraces(text: string, limit = 64): string[] {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (QUOTING.includes(c)) {
      i = runEnd(text, i);
      if (i === -1) return [text];
      continue;
    }
    if (c !== '{') continue;
    const found = closeOf(text, i);
    if (found === null) continue;
    const body = text.slice(i + 1, found.close);
    const before = text.slice(0, i);
    const after = text.slice(found.close + 1);
    let parts: string[] | null = null;
    if (found.commas.length > 0) {
      const cuts = [i, ...found.commas, found.close];
      parts = cuts.slice(1).map((end, k) => text.slice(cuts[k]! + 1, end));
    } else parts = sequence(body);
    if (parts === null) continue;
    const out: string[] = [];
    for (const p of parts) {
      for (const e of expandBraces(`${before}${p}${after}`, limit)) {
        if (out.length >= limit) return out;
        out.push(e);
      }
    }
    return out;
  }
  return [text];
}
