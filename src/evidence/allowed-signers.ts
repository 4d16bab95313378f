import {
  decodeBase64,
  parseSshPublicKey,
  SSH_KEY_TYPES,
  SshFormatError,
  type SshPublicKey,
} from './ssh-key.js';

// OpenSSH's allowed-signers file (ssh-keygen(1), "ALLOWED SIGNERS"), read as `ssh-keygen -Y
// verify` reads it: `PRINCIPALS [OPTIONS] KEYTYPE BASE64KEY [COMMENT]`, principals and
// namespaces as pattern lists. Two deliberate differences, both of which trust less: a
// `cert-authority` line trusts nothing (a CA is not a person), and `valid-after`/`valid-before`
// must be UTC (`Z` or `UTC` suffix) — a pure reader has no local time zone to guess with.

/** One usable line: who, which key, and the options that limit it. */
export interface SignerEntry {
  /** 1-based line number. */
  line: number;
  /** The principals field as written: a comma-separated pattern list. */
  principals: string;
  key: SshPublicKey;
  /** The `namespaces="…"` pattern list, or null when the line does not limit namespaces. */
  namespaces: string | null;
  /** Milliseconds since the epoch, or null. */
  validAfter: number | null;
  validBefore: number | null;
  comment: string;
}

/** A line that cannot be used, and why; it trusts nothing, yet counts as a listed signer. */
export interface SignerLineProblem {
  line: number;
  problem: string;
}

export interface AllowedSigners {
  entries: SignerEntry[];
  problems: SignerLineProblem[];
  /** True when any line is neither blank nor a comment: signatures are then required. */
  listsAnyone: boolean;
}

const KEY_TYPES: ReadonlySet<string> = new Set(SSH_KEY_TYPES);

/** The next whitespace-delimited word, honouring double quotes (OpenSSH's `strdelimw`). */
function nextWord(text: string, from: number): { word: string; next: number } | null {
  let i = from;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  if (i >= text.length) return null;
  let quoted = false;
  let word = '';
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      quoted = !quoted;
      continue;
    }
    if (!quoted && (c === ' ' || c === '\t')) break;
    word += c;
  }
  if (quoted) return null;
  return { word, next: i };
}

/** The end of an options field: the first blank outside double quotes. */
function optionsEnd(text: string, from: number): number {
  let quoted = false;
  let i = from;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && text[i + 1] === '"') i++;
    else if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ' ' || c === '\t')) break;
  }
  return i;
}

const TIME = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?(Z|UTC)$/i;

/** A `valid-after`/`valid-before` value in UTC as epoch milliseconds, or an error text. */
export function parseSignerTime(text: string): number | string {
  const m = TIME.exec(text);
  if (m === null) return `"${text}" is not YYYYMMDD[HHMM[SS]] with a Z (UTC) suffix`;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const ms = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s);
  const back = new Date(ms);
  if (back.getUTCMonth() !== +mo! - 1 || back.getUTCDate() !== +d! || +h > 23 || +mi > 59 || +s > 59)
    return `"${text}" is not a real time`;
  return ms;
}

interface Options {
  ca: boolean;
  namespaces: string | null;
  validAfter: number | null;
  validBefore: number | null;
}

/** Parses an options field (OpenSSH's `sshsigopt_parse`): names case-insensitive, values quoted. */
function parseOptions(text: string): Options | string {
  const o: Options = { ca: false, namespaces: null, validAfter: null, validBefore: null };
  let at = 0;
  const quoted = (): string | null => {
    if (text[at] !== '"') return null;
    let v = '';
    at++;
    while (at < text.length && text[at] !== '"') {
      if (text[at] === '\\' && text[at + 1] === '"') at++;
      v += text[at++];
    }
    if (at >= text.length) return null;
    at++;
    return v;
  };
  while (at < text.length) {
    const rest = text.slice(at).toLowerCase();
    if (rest.startsWith('cert-authority')) {
      o.ca = true;
      at += 'cert-authority'.length;
    } else {
      const name = ['namespaces', 'valid-after', 'valid-before'].find((n) => rest.startsWith(`${n}=`));
      if (name === undefined) return 'unknown option';
      at += name.length + 1;
      const value = quoted();
      if (value === null) return `${name} needs a quoted value`;
      if (name === 'namespaces') {
        if (o.namespaces !== null) return 'namespaces given twice';
        o.namespaces = value;
      } else {
        const field = name === 'valid-after' ? 'validAfter' : 'validBefore';
        if (o[field] !== null) return `${name} given twice`;
        const t = parseSignerTime(value);
        if (typeof t === 'string') return `${name}: ${t}`;
        o[field] = t;
      }
    }
    if (at >= text.length) break;
    if (text[at] !== ',') return 'unknown option';
    at++;
    if (at >= text.length) return 'options end with a comma';
  }
  if (o.validAfter !== null && o.validBefore !== null && o.validBefore <= o.validAfter)
    return 'valid-before is not after valid-after';
  return o;
}

function parseLine(raw: string, line: number): SignerEntry | string | null {
  const text = raw.replace(/\r$/, '');
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return null;
  const first = nextWord(text, 0);
  if (first === null) return 'the principals field is not closed';
  let at = first.next;
  while (at < text.length && (text[at] === ' ' || text[at] === '\t')) at++;
  let options: Options = { ca: false, namespaces: null, validAfter: null, validBefore: null };
  const wordEnd = (from: number) => {
    let i = from;
    while (i < text.length && text[i] !== ' ' && text[i] !== '\t') i++;
    return i;
  };
  if (!KEY_TYPES.has(text.slice(at, wordEnd(at)))) {
    const end = optionsEnd(text, at);
    const parsed = parseOptions(text.slice(at, end));
    if (typeof parsed === 'string') return `bad options: ${parsed}`;
    options = parsed;
    at = end;
    while (at < text.length && (text[at] === ' ' || text[at] === '\t')) at++;
  }
  const [type = '', data = '', ...comment] = text.slice(at).split(/[ \t]+/);
  if (!KEY_TYPES.has(type)) return type === '' ? 'no key' : `unsupported key type ${type}`;
  if (options.ca) return 'cert-authority lines are not trusted (a certificate authority is not a person)';
  const blob = decodeBase64(data);
  if (blob === null) return 'the key is not base64';
  let key: SshPublicKey;
  try {
    key = parseSshPublicKey(blob);
  } catch (error) {
    if (error instanceof SshFormatError) return `bad key: ${error.message}`;
    throw error;
  }
  if (key.type !== type) return `the key is a ${key.type}, the line says ${type}`;
  return {
    line,
    principals: first.word,
    key,
    namespaces: options.namespaces,
    validAfter: options.validAfter,
    validBefore: options.validBefore,
    comment: comment.join(' '),
  };
}

/** Reads an allowed-signers file's text: the usable lines and the problems of the others. */
export function parseAllowedSigners(text: string): AllowedSigners {
  const entries: SignerEntry[] = [];
  const problems: SignerLineProblem[] = [];
  let listsAnyone = false;
  for (const [i, raw] of text.split('\n').entries()) {
    const parsed = parseLine(raw, i + 1);
    if (parsed === null) continue;
    listsAnyone = true;
    if (typeof parsed === 'string') problems.push({ line: i + 1, problem: parsed });
    else entries.push(parsed);
  }
  return { entries, problems, listsAnyone };
}

/** OpenSSH's `match_pattern`: `*` any run, `?` one character, everything else itself. */
function matchPattern(s: string, pattern: string): boolean {
  let si = 0;
  let pi = 0;
  let star = -1;
  let mark = 0;
  while (si < s.length) {
    if (pi < pattern.length && (pattern[pi] === '?' || pattern[pi] === s[si])) {
      si++;
      pi++;
    } else if (pi < pattern.length && pattern[pi] === '*') {
      star = pi++;
      mark = si;
    } else if (star >= 0) {
      pi = star + 1;
      si = ++mark;
    } else return false;
  }
  while (pi < pattern.length && pattern[pi] === '*') pi++;
  return pi === pattern.length;
}

/**
 * OpenSSH's `match_pattern_list`: true when some pattern of the comma-separated list matches
 * and no negated one (`!pattern`) does.
 */
export function matchPatternList(s: string, list: string): boolean {
  let positive = false;
  for (const item of list.split(',')) {
    const negated = item.startsWith('!');
    if (!matchPattern(s, negated ? item.slice(1) : item)) continue;
    if (negated) return false;
    positive = true;
  }
  return positive;
}

/** True when the entry lets `principal` sign in `namespace` at `time` (epoch ms). */
export function entryAllows(entry: SignerEntry, principal: string, namespace: string, time: number): boolean {
  if (!matchPatternList(principal, entry.principals)) return false;
  if (entry.namespaces !== null && !matchPatternList(namespace, entry.namespaces)) return false;
  // ssh-keygen compares whole seconds.
  const t = Math.floor(time / 1000) * 1000;
  if (entry.validAfter !== null && t < entry.validAfter) return false;
  if (entry.validBefore !== null && t > entry.validBefore) return false;
  return true;
}

/**
 * The entries that list `key` (same type and blob) and let `principal` sign in `namespace` at
 * every one of `times`; empty when none does.
 */
export function signersFor(
  signers: AllowedSigners,
  key: Pick<SshPublicKey, 'blob'>,
  principal: string,
  namespace: string,
  times: readonly number[],
): SignerEntry[] {
  return signers.entries.filter(
    (e) => e.key.blob.equals(key.blob) && times.every((t) => entryAllows(e, principal, namespace, t)),
  );
}
