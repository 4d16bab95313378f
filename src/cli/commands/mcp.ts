import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { EXIT_OK } from '../../core/errors.js';
import { sanitize } from '../../core/text/sanitize.js';
import { VERSION } from '../../core/version.js';
import { serveMcp } from '../../mcp/server.js';
import { openRepository } from '../../repo/open-repository.js';
import { type Act, rootOption } from '../verb.js';

/** `agent-config mcp`: the MCP server on stdin and stdout (SPEC §15, docs/mcp.md). */
export function registerMcp(program: Command, ctx: Context, act: Act): void {
  const mcp = program
    .command('mcp')
    .description('serve the read verbs, stage and claim to an agent over MCP (stdio); never confirm');
  rootOption(mcp).action(
    // A server: it says where it serves before it starts, and its run ends when the client goes.
    act(async (opts: { root?: string }) => {
      const { root } = await openRepository(ctx, { root: opts.root });
      ctx.io.stderr.write(`agent-config mcp: serving ${sanitize(root, { inline: true })} on stdio\n`);
      await serveMcp(ctx, { root, version: VERSION });
      return { report: root, exit: EXIT_OK };
    }),
  );
}
