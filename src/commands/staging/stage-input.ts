import type { Context } from '../../core/context.js';
import { UsageError } from '../../core/errors.js';
import { readInput } from '../../repo/read-input.js';
import { parseStageInput, type StageFields } from '../../staging/stage-input.js';

/** `stage --input` refused an input because it carries a key only the store sets. */
export class SuppliedKeyError extends UsageError {
  readonly outcome = 'supplied-key-refused' as const;

  /** `reason` is the refusal without its code; the message leads with the code. */
  constructor(
    readonly reason: string,
    where: string,
  ) {
    super(`supplied-key-refused: ${reason}`, where, 'nothing was staged');
  }
}

/** The flags `stage` reads its fields from when there is no `--input`. */
export interface StageFlags {
  action?: string;
  object?: string;
  source?: string;
  ttl?: string;
  /** A JSON file `{action, object, source, ttl?}`, or `-` for stdin. */
  input?: string;
}

/**
 * The fields of a stage: from `--input` (a JSON object, read strictly; settlement keys refused)
 * or from `--action`, `--object` and `--source` — one or the other, never both.
 */
export async function stageFields(ctx: Context, flags: StageFlags): Promise<StageFields> {
  const usage = 'agent-config stage';
  if (flags.input === undefined) {
    for (const flag of ['action', 'object', 'source'] as const) {
      if (flags[flag] === undefined) {
        throw new UsageError(
          `--${flag} is missing`,
          usage,
          'pass --action, --object and --source, or --input FILE',
        );
      }
    }
    return { action: flags.action!, object: flags.object!, source: flags.source!, ttl: flags.ttl };
  }
  const given = (['action', 'object', 'source', 'ttl'] as const).find((f) => flags[f] !== undefined);
  if (given !== undefined) {
    throw new UsageError(`--input and --${given} together`, usage, 'put every field in the --input JSON');
  }
  const input = await readInput(ctx, flags.input, `${usage} --input`);
  const parsed = parseStageInput(input.text, input.invalidUtf8);
  if (parsed.ok) return parsed.fields;
  if (parsed.code === 'supplied-key-refused') {
    throw new SuppliedKeyError(parsed.message, input.name);
  }
  throw new UsageError(
    parsed.message,
    input.name,
    'the input is one JSON object {action, object, source, ttl?}',
  );
}
