import type { Command } from 'commander';
import { notifyDocument, notifyExit, runNotify } from '../../commands/notify/notify.js';
import type { Context } from '../../core/context.js';
import { UsageError } from '../../core/errors.js';
import { sanitize } from '../../core/text/sanitize.js';
import { out, printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';

interface NotifyFlags {
  drain?: boolean;
  background?: boolean;
  base?: string;
  json?: boolean;
  root?: string;
}

/** `agent-config notify [--drain] [--json]` (docs/notify.md). */
export function registerNotify(program: Command, ctx: Context, act: Act): void {
  const notify = program
    .command('notify')
    .description(
      'announce what waits for a person on the channels of notify: in agent-config.yaml (without --drain: where the outbox stands)',
    )
    .option(
      '--drain',
      'deliver the outbox, retrying with backoff; also announce decisions that newly need a person',
    )
    .option('--background', 'as the hook starts it: end at once when another drainer runs')
    .option(
      '--base <rev>',
      'read notify: from this committed revision only, and run no command channel (the Action)',
    )
    .option('--json', 'print the outcome as one JSON document');
  rootOption(notify).action(
    act(
      async (opts: NotifyFlags) => {
        if (opts.background === true && opts.drain !== true)
          throw new UsageError(
            '--background goes with --drain',
            'agent-config notify --background',
            'add --drain',
          );
        const report = await runNotify(ctx, {
          root: opts.root,
          drain: opts.drain === true,
          background: opts.background === true,
          base: opts.base,
        });
        return { report, exit: notifyExit(report) };
      },
      (report, opts: NotifyFlags) => {
        if (opts.json === true) {
          printDocument(ctx, notifyDocument(report));
          return;
        }
        if (opts.background === true) return;
        if (report.channels.length === 0) {
          out(ctx, 'notify: no channel is configured (notify: in agent-config.yaml, in every version)');
          return;
        }
        if (report.drained)
          out(
            ctx,
            `notify: ${report.delivered.length} delivered, ${report.announced.length} newly announced`,
          );
        for (const c of report.channels) {
          const state = c.skipped ?? (c.lastError === null ? '' : `last error: ${c.lastError}`);
          out(
            ctx,
            sanitize(
              `  ${c.channel}: ${c.sent} sent, ${c.waiting} waiting${state === '' ? '' : ` (${state})`}`,
              {
                inline: true,
              },
            ),
          );
        }
        for (const u of report.unreadable) out(ctx, sanitize(`  unreadable: ${u}`, { inline: true }));
      },
    ),
  );
}
