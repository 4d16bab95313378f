import type { Command } from 'commander';
import { inboxExit, runInbox, runInboxDocument } from '../../commands/inbox/inbox.js';
import type { Context } from '../../core/context.js';
import { UsageError } from '../../core/errors.js';
import { renderInboxText } from '../../render/inbox.js';
import { printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';

interface InboxFlags {
  worktrees?: boolean;
  roots?: string;
  scan?: string;
  depth?: string;
  json?: boolean;
  root?: string;
}

function depthOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,3}$/.test(text))
    throw new UsageError(
      'is not a whole number',
      `--depth ${text}`,
      'pass how many folders down to look, e.g. 3',
    );
  return Number(text);
}

/** `agent-config inbox`: what waits on you across working trees and repositories (docs/inbox.md). */
export function registerInbox(program: Command, ctx: Context, act: Act): void {
  const command = program
    .command('inbox')
    .description(
      'every decision, staged action and open window that waits on you, across worktrees and repositories',
    )
    .option('--worktrees', "the current repository's working trees (the default without --roots or --scan)")
    .option('--roots <file>', 'read the repositories listed in FILE, one path per line')
    .option('--scan <dir>', 'read every git repository found below DIR (symbolic links are never followed)')
    .option('--depth <n>', 'how many folders below --scan DIR to look (default 3)')
    .option('--json', 'print one JSON document (raw values, for tools)');
  rootOption(command, 'the current folder').action(
    act(
      async (opts: InboxFlags) => {
        const report = await runInbox(ctx, {
          worktrees: opts.worktrees,
          roots: opts.roots,
          scan: opts.scan,
          depth: depthOf(opts.depth),
          root: opts.root,
        });
        return { report, exit: inboxExit(report) };
      },
      (report, opts) => {
        if (opts.json === true) printDocument(ctx, runInboxDocument(report));
        else ctx.io.stdout.write(renderInboxText(report.inbox));
      },
    ),
  );
}
