// English collation, pinned to `Intl.Collator('en')` so the order never depends on LANG. ICU's
// compare costs about a microsecond a call and its first use ~5 ms; sorting the open blockers
// of a large tree calls it thousands of times. For printable ASCII, where English collation
// has no contractions, expansions or ignorable characters, the same order is computed here
// from each character's primary rank and its case; anything else goes to ICU. A property test
// checks that both always agree.

let collator: Intl.Collator | undefined;
let ranks: Int16Array | undefined;

function icu(): Intl.Collator {
  collator ??= new Intl.Collator('en');
  return collator;
}

// Printable ASCII in the primary order of English collation (CLDR root, non-ignorable):
// space, punctuation, symbols, digits, then letters with both cases on one rank. The property
// test compares the result with ICU's on this machine.
const PRIMARY_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz';

/** Primary rank of each printable ASCII character (case pairs share one), -1 elsewhere. */
function primaryRanks(): Int16Array {
  if (ranks !== undefined) return ranks;
  const table = new Int16Array(128).fill(-1);
  for (let rank = 0; rank < PRIMARY_ORDER.length; rank++) {
    const c = PRIMARY_ORDER.charCodeAt(rank);
    table[c] = rank;
    if (c >= 0x61 && c <= 0x7a) table[c - 0x20] = rank;
  }
  ranks = table;
  return table;
}

/** `Intl.Collator('en').compare(a, b)`. */
export function collateEnglish(a: string, b: string): number {
  const r = primaryRanks();
  const n = Math.min(a.length, b.length);
  let tertiary = 0;
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    const ra = ca < 128 ? r[ca]! : -1;
    const rb = cb < 128 ? r[cb]! : -1;
    if (ra === -1 || rb === -1) return icu().compare(a, b);
    if (ra !== rb) return ra < rb ? -1 : 1;
    // Same letter in another case: lower case first, decided only if nothing primary differs.
    if (tertiary === 0 && ca !== cb) tertiary = ca > cb ? -1 : 1;
  }
  for (let i = n; i < a.length; i++)
    if (a.charCodeAt(i) >= 128 || r[a.charCodeAt(i)] === -1) return icu().compare(a, b);
  for (let i = n; i < b.length; i++)
    if (b.charCodeAt(i) >= 128 || r[b.charCodeAt(i)] === -1) return icu().compare(a, b);
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return tertiary;
}
