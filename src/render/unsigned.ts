import { personCommand } from '../core/person-command.js';

/**
 * The one line `gates`, `evidence verify` and `init` say where no signer is registered: what the
 * tool cannot prove, and the command that registers a signer (docs/signing.md).
 */
export function unsignedNotice(): string {
  return `Decisions are not signed: no signer is registered, so an agent with a shell could forge a person's decision. Register yours: ${personCommand('signers add ~/.ssh/id_ed25519.pub --as human:<you>')}`;
}
