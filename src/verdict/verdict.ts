import { safeLabel } from '../core/text/label.js';
import { type JsonMember, parseStrictObject, type StrictJsonCode } from '../core/text/strict-json.js';

export type Risk = 'low' | 'medium' | 'high' | 'critical';
export type Authorization = 'high' | 'medium' | 'low' | 'unknown';
export type VerdictDecision = 'allow' | 'deny' | 'ask';

/** A verdict in one shape whatever it was written in: legacy verdicts get authorization `unknown`. */
export interface Verdict {
  risk: Risk;
  authorization: Authorization;
  decision: VerdictDecision;
  reason?: string;
  rationale?: string;
}

/** Every reason a verdict is refused. Frozen: scripts and CI depend on these names. */
export type VerdictCode =
  | StrictJsonCode
  | 'verdict-not-utf8'
  | 'verdict-mixed-shape'
  | 'verdict-unknown-key'
  | 'verdict-missing-key'
  | 'verdict-bad-value'
  | 'verdict-not-string'
  | 'verdict-too-long'
  | 'verdict-critical-allow'
  | 'verdict-authorization-too-low'
  | 'verdict-reason-required'
  | 'verdict-reason-forbidden'
  | 'verdict-legacy-allow-risk'
  | 'verdict-legacy-deny-risk';

/** One row of the rule table: the code and what it refuses (docs/verdicts.md lists them all). */
export interface VerdictRule {
  readonly code: VerdictCode;
  readonly refuses: string;
}

const rule = (code: VerdictCode, refuses: string): VerdictRule => Object.freeze({ code, refuses });

/** The codes in the order they are checked; the first that applies is the answer. Frozen. */
export const VERDICT_RULES: readonly VerdictRule[] = Object.freeze([
  rule('verdict-not-utf8', 'the bytes are not UTF-8'),
  rule('verdict-bom', 'the text starts with a byte-order mark'),
  rule('verdict-empty', 'there is no JSON value at all'),
  rule('verdict-too-deep', 'arrays or objects nested more than 64 levels deep'),
  rule('verdict-trailing-text', 'text, or a second JSON value, follows the object'),
  rule('verdict-trailing-comma', 'a comma before `}` or `]`'),
  rule(
    'verdict-not-json',
    'any other JSON syntax error (comments, single quotes, NaN, raw control characters)',
  ),
  rule('verdict-not-object', 'the one value is not an object (an array, a string, a number, …)'),
  rule('verdict-duplicate-key', 'a key appears twice'),
  rule('verdict-mixed-shape', '`decision` together with `outcome`, `authorization` or `rationale`'),
  rule('verdict-unknown-key', 'a key outside the shape'),
  rule('verdict-missing-key', '`risk`, `authorization` or `outcome` missing (legacy: `risk` or `decision`)'),
  rule(
    'verdict-bad-value',
    'an enum key whose value is not exactly one of its words (case, spaces, numbers)',
  ),
  rule('verdict-not-string', '`reason` or `rationale` that is not a string'),
  rule('verdict-too-long', '`reason` or `rationale` longer than 2,000 characters'),
  rule('verdict-critical-allow', '`allow` of a `critical` risk'),
  rule(
    'verdict-authorization-too-low',
    '`allow` of a `high` risk without authorization high or medium, or of a `medium` risk without authorization high',
  ),
  rule('verdict-reason-required', '`deny` or `ask` without a non-empty `reason`'),
  rule('verdict-reason-forbidden', '`allow` with a `reason` (a `rationale` is fine)'),
  rule('verdict-legacy-allow-risk', 'legacy `allow` of a risk other than low or medium'),
  rule('verdict-legacy-deny-risk', 'legacy `deny` of a risk other than medium or high'),
]);

/** Every code, in check order. Frozen. */
export const VERDICT_CODES: readonly VerdictCode[] = Object.freeze(VERDICT_RULES.map((r) => r.code));

/** The answer of a check: the normalised verdict, or the first rule it breaks. */
export type VerdictCheck =
  | { valid: true; code: null; message: null; verdict: Verdict }
  | { valid: false; code: VerdictCode; message: string; verdict: null; line: number; column: number };

const RISKS: readonly Risk[] = ['low', 'medium', 'high', 'critical'];
const AUTHORIZATIONS: readonly Authorization[] = ['high', 'medium', 'low', 'unknown'];
const OUTCOMES: readonly VerdictDecision[] = ['allow', 'deny', 'ask'];
const LEGACY_DECISIONS: readonly VerdictDecision[] = ['allow', 'deny'];
const NEW_KEYS = ['risk', 'authorization', 'outcome', 'reason', 'rationale'];
const LEGACY_KEYS = ['risk', 'decision', 'reason'];

/** The longest `reason` or `rationale` a verdict may carry. */
export const MAX_TEXT = 2000;

type Refusal = Extract<VerdictCheck, { valid: false }>;

function refuse(code: VerdictCode, message: string, at?: JsonMember): Refusal {
  return { valid: false, code, message, verdict: null, line: at?.line ?? 1, column: at?.column ?? 1 };
}

function oneOf<T extends string>(
  members: Map<string, JsonMember>,
  key: string,
  words: readonly T[],
): T | Refusal {
  const m = members.get(key)!;
  if (typeof m.value === 'string' && (words as readonly string[]).includes(m.value)) return m.value as T;
  return refuse(
    'verdict-bad-value',
    `'${key}' must be one of ${words.join(', ')}; got ${safeLabel(m.value)}`,
    m,
  );
}

function optionalText(members: Map<string, JsonMember>, key: string): string | undefined | Refusal {
  const m = members.get(key);
  if (m === undefined) return undefined;
  if (typeof m.value !== 'string')
    return refuse('verdict-not-string', `'${key}' must be a string; got ${safeLabel(m.value)}`, m);
  if (m.value.length > MAX_TEXT) {
    return refuse('verdict-too-long', `'${key}' is ${m.value.length} characters; at most ${MAX_TEXT}`, m);
  }
  return m.value;
}

const isRefusal = (v: unknown): v is Refusal =>
  typeof v === 'object' && v !== null && (v as { valid?: unknown }).valid === false;

/** Checks the members of a parsed object against both shapes and every rule. */
export function checkMembers(list: readonly JsonMember[]): VerdictCheck {
  const members = new Map(list.map((m) => [m.key, m]));
  const legacy = members.has('decision');
  if (legacy) {
    const other = ['outcome', 'authorization', 'rationale'].find((k) => members.has(k));
    if (other !== undefined) {
      return refuse(
        'verdict-mixed-shape',
        `'decision' (legacy shape) and '${other}' (new shape) in one verdict; use one shape`,
        members.get(other),
      );
    }
  }
  const allowed = legacy ? LEGACY_KEYS : NEW_KEYS;
  const unknown = list.find((m) => !allowed.includes(m.key));
  if (unknown !== undefined) {
    return refuse(
      'verdict-unknown-key',
      `unknown key ${safeLabel(unknown.key)}; a ${legacy ? 'legacy ' : ''}verdict has only ${allowed.join(', ')}`,
      unknown,
    );
  }
  const required = legacy ? ['risk', 'decision'] : ['risk', 'authorization', 'outcome'];
  const missing = required.find((k) => !members.has(k));
  if (missing !== undefined) return refuse('verdict-missing-key', `'${missing}' is missing`);

  const risk = oneOf(members, 'risk', RISKS);
  if (isRefusal(risk)) return risk;
  const authorization = legacy ? 'unknown' : oneOf(members, 'authorization', AUTHORIZATIONS);
  if (isRefusal(authorization)) return authorization;
  const decision = legacy
    ? oneOf(members, 'decision', LEGACY_DECISIONS)
    : oneOf(members, 'outcome', OUTCOMES);
  if (isRefusal(decision)) return decision;
  const reason = optionalText(members, 'reason');
  if (isRefusal(reason)) return reason;
  const rationale = optionalText(members, 'rationale');
  if (isRefusal(rationale)) return rationale;

  const verdict: Verdict = { risk, authorization, decision };
  if (reason !== undefined) verdict.reason = reason;
  if (rationale !== undefined) verdict.rationale = rationale;
  // The one rule both shapes share, checked once before the rules of each shape.
  if (decision === 'allow' && risk === 'critical') {
    const key = legacy ? 'decision' : 'outcome';
    return refuse(
      'verdict-critical-allow',
      `'${key}' allow of a critical 'risk': a critical risk is never allowed`,
      members.get(key),
    );
  }
  const broken = legacy ? legacyRule(verdict, members) : newRule(verdict, members);
  return broken ?? { valid: true, code: null, message: null, verdict };
}

function newRule(v: Verdict, members: Map<string, JsonMember>): Refusal | null {
  const at = members.get('outcome');
  if (v.decision === 'allow') {
    if (v.risk === 'high' && v.authorization !== 'high' && v.authorization !== 'medium') {
      return refuse(
        'verdict-authorization-too-low',
        `'authorization' ${v.authorization} is too low to allow a high 'risk' (needs high or medium)`,
        members.get('authorization'),
      );
    }
    if (v.risk === 'medium' && v.authorization !== 'high') {
      return refuse(
        'verdict-authorization-too-low',
        `'authorization' ${v.authorization} is too low to allow a medium 'risk' (needs high)`,
        members.get('authorization'),
      );
    }
    if (v.reason !== undefined) {
      return refuse(
        'verdict-reason-forbidden',
        `'reason' is not allowed with 'outcome' allow; put it in 'rationale'`,
        members.get('reason'),
      );
    }
    return null;
  }
  if (v.reason === undefined || v.reason.trim() === '') {
    return refuse(
      'verdict-reason-required',
      `'reason' must be a non-empty string with 'outcome' ${v.decision}`,
      members.get('reason') ?? at,
    );
  }
  return null;
}

function legacyRule(v: Verdict, members: Map<string, JsonMember>): Refusal | null {
  const at = members.get('decision');
  if (v.decision === 'allow') {
    // The order of VERDICT_RULES (docs/verdicts.md): reason-forbidden before legacy-allow-risk.
    if (v.reason !== undefined) {
      return refuse(
        'verdict-reason-forbidden',
        `'reason' is not allowed with legacy 'decision' allow`,
        members.get('reason'),
      );
    }
    if (v.risk !== 'low' && v.risk !== 'medium') {
      return refuse(
        'verdict-legacy-allow-risk',
        `legacy 'decision' allow only for a low or medium 'risk'; got ${v.risk}`,
        at,
      );
    }
    return null;
  }
  if (v.risk !== 'medium' && v.risk !== 'high') {
    return refuse(
      'verdict-legacy-deny-risk',
      `legacy 'decision' deny only for a medium or high 'risk'; got ${v.risk}`,
      at,
    );
  }
  return null;
}

/**
 * Checks one verdict strictly: exactly one JSON object in either shape, every rule of
 * docs/verdicts.md. `invalidUtf8` says the bytes the text came from were not UTF-8.
 */
export function checkVerdict(text: string, invalidUtf8 = false): VerdictCheck {
  if (invalidUtf8) return refuse('verdict-not-utf8', 'the bytes are not valid UTF-8');
  const parsed = parseStrictObject(text);
  if (!parsed.ok) {
    return {
      valid: false,
      code: parsed.code,
      message: parsed.message,
      verdict: null,
      line: parsed.line,
      column: parsed.column,
    };
  }
  return checkMembers(parsed.members);
}
