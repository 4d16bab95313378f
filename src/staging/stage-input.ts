import { safeLabel } from '../core/text/label.js';
import { parseStrictObject } from '../core/text/strict-json.js';

/**
 * The keys only the store sets (SPEC §13). An input that carries any of them is refused by the
 * key's mere presence, whatever its value: a caller never settles its own stage.
 */
export const SETTLEMENT_KEYS: readonly string[] = Object.freeze([
  'token',
  'state',
  'staged_at',
  'expires_at',
  'decided_by',
  'resolved_at',
  'nonce',
  'claimed_at',
]);

/** The keys a `stage --input` object may have. */
const INPUT_KEYS: readonly string[] = Object.freeze(['action', 'object', 'source', 'ttl']);

/** What a stage is asked for. */
export interface StageFields {
  action: string;
  object: string;
  source: string;
  ttl?: string;
}

export type StageInputResult =
  | { ok: true; fields: StageFields }
  | { ok: false; code: 'supplied-key-refused' | 'input-invalid'; message: string };

const invalid = (message: string): StageInputResult => ({ ok: false, code: 'input-invalid', message });

/**
 * Reads the JSON object of `stage --input` strictly: exactly one object (no key twice), a
 * settlement key refused first and by presence alone, then only `action`, `object`, `source`
 * (strings) and an optional `ttl` (a duration string). Pure.
 */
export function parseStageInput(text: string, invalidUtf8 = false): StageInputResult {
  if (invalidUtf8) return invalid('the bytes are not valid UTF-8');
  const parsed = parseStrictObject(text);
  if (!parsed.ok) return invalid(parsed.message);
  const settled = parsed.members.find((m) => SETTLEMENT_KEYS.includes(m.key));
  if (settled !== undefined) {
    return {
      ok: false,
      code: 'supplied-key-refused',
      message: `'${settled.key}' (line ${settled.line}) is set by the store, never by a caller; remove it`,
    };
  }
  const unknown = parsed.members.find((m) => !INPUT_KEYS.includes(m.key));
  if (unknown !== undefined) {
    return invalid(`unknown key ${safeLabel(unknown.key)}; the input has only ${INPUT_KEYS.join(', ')}`);
  }
  const values = new Map(parsed.members.map((m) => [m.key, m.value]));
  for (const key of INPUT_KEYS) {
    const value = values.get(key);
    if (value === undefined && key === 'ttl') continue;
    if (value === undefined) return invalid(`'${key}' is missing`);
    if (typeof value !== 'string') return invalid(`'${key}' must be a string; got ${safeLabel(value)}`);
  }
  const fields: StageFields = {
    action: values.get('action') as string,
    object: values.get('object') as string,
    source: values.get('source') as string,
  };
  if (values.has('ttl')) fields.ttl = values.get('ttl') as string;
  return { ok: true, fields };
}
