import { publicKeyText, type SshPublicKey } from './ssh-key.js';
import { SIGNATURE_NAMESPACE } from './trust.js';

// Edits of the signers file by splicing lines: every other line, comment and blank stays as it
// was, so the diff a reviewer reads is the change and nothing else.

/** A signer's principal as `signers add` writes it: `human:` and an id a pattern cannot confuse. */
export const SIGNER_PRINCIPAL = /^human:[A-Za-z0-9][A-Za-z0-9._@+-]{0,99}$/;

/** What a new signers file starts with. */
export const SIGNERS_HEADER = [
  '# Who may sign the decisions of agent-config (OpenSSH allowed-signers format).',
  '# Changed only by `npx --no agent-config signers add|remove`, and by review: a key counts once',
  '# this file lists it in the working copy, at HEAD and on the base branch.',
  '',
].join('\n');

const PRINTABLE = /[^\x20-\x7e]/g;

/** The text with one more line: `principal namespaces="agent-config" TYPE BASE64 [comment]`. */
export function addSignerLine(
  text: string | null,
  principal: string,
  key: Pick<SshPublicKey, 'type' | 'blob'>,
  comment: string,
): string {
  const base =
    text === null || text.trim() === '' ? SIGNERS_HEADER : text.endsWith('\n') ? text : `${text}\n`;
  const note = comment.replace(PRINTABLE, '').trim();
  const line = `${principal} namespaces="${SIGNATURE_NAMESPACE}" ${publicKeyText(key)}${note === '' ? '' : ` ${note}`}`;
  return `${base}${line}\n`;
}

/**
 * The text without `principal`: a line listing only it goes, a line listing it among others
 * keeps the others; with `onlyLines` (1-based), only those lines are touched (one key of
 * several). `removed` counts the lines touched.
 */
export function removeSignerPrincipal(
  text: string,
  principal: string,
  onlyLines?: ReadonlySet<number>,
): { text: string; removed: number } {
  let removed = 0;
  const lines = text.split('\n').flatMap((line, i) => {
    if (onlyLines !== undefined && !onlyLines.has(i + 1)) return [line];
    const m = /^([ \t]*)(\S+)(.*)$/.exec(line);
    if (m === null || m[2]!.startsWith('#') || m[2]!.includes('"')) return [line];
    const names = m[2]!.split(',');
    if (!names.includes(principal)) return [line];
    removed++;
    const rest = names.filter((n) => n !== principal);
    return rest.length === 0 ? [] : [`${m[1]}${rest.join(',')}${m[3]}`];
  });
  return { text: lines.join('\n'), removed };
}
