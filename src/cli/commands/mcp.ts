import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { EXIT_OK } from '../../core/errors.js';
import { sanitize } from '../../core/text/sanitize.js';
import type { CliState } from '../state.js';

/** `agent-config mcp`: the MCP server on stdin and stdout (SPEC §15, docs/mcp.md). */
export function registerMcp(program: Command, ctx: Context, state: CliState): void {
  program
    .command('mcp')
    .description('serve the read verbs, stage and claim to an agent over MCP (stdio); never confirm')
    .option('--root <dir>', 'repository root (default: the current folder or the git top level)')
    .action(async (opts: { root?: string }) => {
      const { openRepository } = await import('../../repo/open-repository.js');
      const { serveMcp } = await import('../../mcp/server.js');
      const { VERSION } = await import('../../core/version.js');
      const { root } = await openRepository(ctx, { root: opts.root });
      ctx.io.stderr.write(`agent-config mcp: serving ${sanitize(root, { inline: true })} on stdio\n`);
      await serveMcp(ctx, { root, version: VERSION });
      state.exitCode = EXIT_OK;
    });
}
