import { resolve } from 'node:path';
import type { Context, Prompt } from '../../core/context.js';
import { AgentConfigError } from '../../core/errors.js';
import { personCommand } from '../../core/person-command.js';
import { sanitize } from '../../core/text/sanitize.js';
import { appendEvidence, appendSignedEvidence, type Payload } from '../../evidence/api.js';
import { sha256Hex } from '../../evidence/record.js';
import { addSignerLine, removeSignerPrincipal, SIGNER_PRINCIPAL } from '../../evidence/signers-edit.js';
import { fingerprint, parsePublicKeyText, publicKeyText, type SshPublicKey } from '../../evidence/ssh-key.js';
import { isTrusted, SIGNERS_FILE } from '../../evidence/trust.js';
import { writeFileAtomic } from '../../repo/atomic-write.js';
import { type ConfiguredRepository, openRepository, type Repository } from '../../repo/open-repository.js';
import { readFileBytes } from '../../repo/read-text.js';
import { personPrompt } from '../signing/person-terminal.js';
import { SignatureError, signContent } from '../signing/sign.js';
import { findSigningKey, NAME_A_KEY, type SigningKey } from '../signing/signing-key.js';
import { type LoadedTrust, loadSignerTrust } from '../signing/trust.js';
import { workingSigners } from './signers-list.js';
import { type SignersReport, signersReport } from './signers-report.js';

export interface SignersChangeOptions {
  root?: string;
  /** The private key (or ssh-agent public key) the change is signed with. */
  key?: string;
}

/** Who changes the signers file and with which key; a refusal when the change cannot be signed. */
type Signing = { actor: string; key: SigningKey | null; mustTrust: boolean } | SignersReport;

/** A key given as its text (`ssh-ed25519 AAAA… comment`) or as a `.pub` file. */
function readKeyArgument(ctx: Context, given: string): { key: SshPublicKey; comment: string } | string {
  let text = given;
  if (!/^(ssh-|ecdsa-|sk-)/.test(given.trim())) {
    const bytes = readFileBytes(resolve(ctx.cwd, given));
    if (!Buffer.isBuffer(bytes)) return `${given} is neither a public key nor a readable .pub file`;
    text = bytes.toString('utf8').split('\n')[0] ?? '';
  }
  try {
    return parsePublicKeyText(text);
  } catch (error) {
    return `not an SSH public key this tool verifies (${(error as Error).message})`;
  }
}

/**
 * Who signs a change: the first signer needs nobody's signature (signed when a key is named);
 * every later change is signed by a person the signers in force trust — AGENT_CONFIG_HUMAN, or
 * the one principal the signing key is listed for.
 */
async function planSigning(
  ctx: Context,
  repo: Repository,
  loaded: LoadedTrust,
  verb: 'add' | 'remove',
  keyOption: string | undefined,
  firstActor: string,
): Promise<Signing> {
  const key = await findSigningKey(ctx, repo, keyOption);
  if (!loaded.trust.required) return { actor: firstActor, key, mustTrust: false };
  const extra = { required: true, hasBase: loaded.versions.hasBase };
  if (key === null)
    return signersReport(
      verb,
      'signature-required',
      `signers are registered, so a change to them is signed by one of them: ${NAME_A_KEY}`,
      extra,
    );
  const now = [ctx.clock().getTime()];
  const named = ctx.env.AGENT_CONFIG_HUMAN || undefined;
  let actor = named;
  if (actor === undefined && key.publicKey !== null) {
    const pub = key.publicKey;
    const mine = workingSigners(loaded).entries.filter(
      (e) => e.key.blob.equals(pub.blob) && SIGNER_PRINCIPAL.test(e.principals),
    );
    const trusted = mine.filter((e) => isTrusted(loaded.trust, pub, e.principals, now));
    if (trusted.length === 1) actor = trusted[0]!.principals;
  }
  if (actor === undefined || !SIGNER_PRINCIPAL.test(actor))
    return signersReport(
      verb,
      'signer-unknown',
      'name yourself with AGENT_CONFIG_HUMAN=human:<id>: the signing key is not listed for exactly one trusted signer',
      extra,
    );
  if (key.publicKey !== null && !isTrusted(loaded.trust, key.publicKey, actor, now))
    return signersReport(
      verb,
      'signer-unknown',
      `${actor} is not trusted with this key in the working copy, at HEAD and on the base branch; a change to the signers is signed by a trusted signer`,
      extra,
    );
  return { actor, key, mustTrust: true };
}

/** A change being made: the verb, the person's terminal, the repository and the signers in force. */
interface Change {
  verb: 'add' | 'remove';
  prompt: Prompt;
  repo: ConfiguredRepository;
  loaded: LoadedTrust;
}

/** The terminal, the repository and its signers, or the refusal that comes first. */
async function openChange(
  ctx: Context,
  verb: Change['verb'],
  root: string | undefined,
): Promise<Change | SignersReport> {
  const prompt = personPrompt(ctx);
  if (prompt === null)
    return signersReport(
      verb,
      'stdin-not-tty',
      `signers are ${verb === 'add' ? 'added' : 'removed'} by a person at a terminal; stdin is not one`,
    );
  const repo = await openRepository(ctx, { root, config: 'read' });
  if (!repo.config.evidence.ledger)
    return signersReport(
      verb,
      'ledger-disabled',
      'a change to the signers is recorded; evidence.ledger is false',
    );
  return { verb, prompt, repo, loaded: await loadSignerTrust(repo) };
}

/** Asks the person (`lines`, then the word to type); true when they typed it. */
async function confirmed(change: Change, lines: string[], word: string): Promise<boolean> {
  const question = [...lines, `Type "${word}" to ${change.verb} it (anything else cancels): `]
    .map((line) => sanitize(line, { inline: true }))
    .join('\n');
  const answer = await change.prompt(question).catch(() => null);
  return answer?.trim().toLowerCase() === word;
}

/** Records `signers.changed` (signed when a key is named), then writes the file. */
async function applyChange(
  ctx: Context,
  change: Change,
  signing: Exclude<Signing, SignersReport>,
  payload: Payload,
  text: string,
): Promise<SignersReport> {
  const { verb, repo, loaded } = change;
  const entry = { event: 'signers.changed' as const, actor: signing.actor, payload };
  const { key } = signing;
  const extra = { required: true, hasBase: loaded.versions.hasBase };
  try {
    if (key === null) await appendEvidence(ctx, repo.root, repo.config, entry);
    else
      await appendSignedEvidence(ctx, repo.root, repo.config, entry, async (content) => {
        const check = signing.mustTrust ? { trust: loaded.trust, actor: signing.actor } : undefined;
        return (await signContent(ctx, key, content, check)).sig;
      });
  } catch (error) {
    if (error instanceof SignatureError) return signersReport(verb, error.code, error.message, extra);
    if (error instanceof AgentConfigError)
      return signersReport(
        verb,
        'unrecorded',
        `nothing changed: the change could not be signed or recorded (${error.oneLine()})`,
        extra,
      );
    throw error;
  }
  writeFileAtomic(resolve(repo.root, SIGNERS_FILE), text);
  const done =
    verb === 'add'
      ? `${payload.principal} is listed in ${SIGNERS_FILE}. ${COUNTS_ONCE}`
      : `${payload.principal} is removed from the working copy: its signatures are no longer honoured here. Commit the change so the base branch follows (${personCommand('signers list')}).`;
  return signersReport(verb, verb === 'add' ? 'added' : 'removed', done, extra);
}

const COUNTS_ONCE =
  'It counts once this change is committed and merged onto the base branch by review; commit agents/evidence/allowed_signers with the ledger stream.';

export interface SignersAddOptions extends SignersChangeOptions {
  /** The public key: its text, or a `.pub` file. */
  publicKey: string;
  /** The principal it signs as, `human:<id>`. */
  as: string;
}

/** `agent-config signers add PUBKEY --as human:ID`: a person lists a key that may sign as them. */
export async function runSignersAdd(ctx: Context, options: SignersAddOptions): Promise<SignersReport> {
  if (!SIGNER_PRINCIPAL.test(options.as))
    return signersReport(
      'add',
      'principal-invalid',
      `--as ${options.as}: a signer is human:<id>, the id letters, digits and . _ @ + - (at most 100)`,
    );
  const read = readKeyArgument(ctx, options.publicKey);
  if (typeof read === 'string') return signersReport('add', 'key-invalid', read);
  const change = await openChange(ctx, 'add', options.root);
  if ('outcome' in change) return change;
  const { repo, loaded } = change;
  const working = workingSigners(loaded);
  if (working.entries.some((e) => e.principals === options.as && e.key.blob.equals(read.key.blob)))
    return signersReport('add', 'already-listed', `${options.as} is listed with this key already`);
  const signing = await planSigning(ctx, repo, loaded, 'add', options.key, options.as);
  if ('outcome' in signing) return signing;
  const asked = [
    `Add a signer to ${SIGNERS_FILE}`,
    `  Signs as:     ${options.as}`,
    `  Key:          ${read.key.type} ${fingerprint(read.key)}${read.comment === '' ? '' : ` (${read.comment})`}`,
    `  Changed by:   ${signing.actor}${signing.key === null ? ' (unsigned: the first signer)' : ''}`,
    'Decisions signed with this key will be honoured as this person once the change is on the base branch.',
  ];
  if (!(await confirmed(change, asked, 'trust')))
    return signersReport('add', 'confirmation-mismatch', 'the answer was not "trust"; nothing changed');
  const text = addSignerLine(
    loaded.versions.working?.toString('utf8') ?? null,
    options.as,
    read.key,
    read.comment,
  );
  const payload: Payload = {
    change: 'add',
    principal: options.as,
    key: publicKeyText(read.key),
    fingerprint: fingerprint(read.key),
    signers_sha256: sha256Hex(text),
  };
  return applyChange(ctx, change, signing, payload, text);
}

export interface SignersRemoveOptions extends SignersChangeOptions {
  principal: string;
  /** Remove only the line of this key (`SHA256:…` as `signers list` shows it): a rotation. */
  only?: string;
}

/** `agent-config signers remove human:ID`: takes effect at once (a key counts only where all versions list it). */
export async function runSignersRemove(ctx: Context, options: SignersRemoveOptions): Promise<SignersReport> {
  if (!options.principal.startsWith('human:'))
    return signersReport('remove', 'principal-invalid', `${options.principal}: a signer is human:<id>`);
  const change = await openChange(ctx, 'remove', options.root);
  if ('outcome' in change) return change;
  const { repo, loaded } = change;
  const before = loaded.versions.working?.toString('utf8') ?? '';
  const only =
    options.only === undefined
      ? undefined
      : new Set(
          workingSigners(loaded)
            .entries.filter((e) => fingerprint(e.key) === options.only)
            .map((e) => e.line),
        );
  const { text, removed } = removeSignerPrincipal(before, options.principal, only);
  if (removed === 0)
    return signersReport(
      'remove',
      'not-listed',
      `${options.principal} is not listed in the working copy's ${SIGNERS_FILE}`,
    );
  const signing = await planSigning(ctx, repo, loaded, 'remove', options.key, options.principal);
  if ('outcome' in signing) return signing;
  const asked = [
    `Remove ${options.principal} from ${SIGNERS_FILE} (${removed} line(s))`,
    `  Changed by:   ${signing.actor}`,
    'Decisions signed as this person stop being honoured at once.',
  ];
  if (!(await confirmed(change, asked, 'remove')))
    return signersReport('remove', 'confirmation-mismatch', 'the answer was not "remove"; nothing changed');
  const payload: Payload = {
    change: 'remove',
    principal: options.principal,
    signers_sha256: sha256Hex(text),
  };
  return applyChange(ctx, change, signing, payload, text);
}
