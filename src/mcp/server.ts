import { listRoadmaps, readRoadmapText } from '../commands/roadmap/roadmap.js';
import type { Context } from '../core/context.js';
import { documentText } from '../core/document.js';
import { AgentConfigError } from '../core/errors.js';
import { personCommand } from '../core/person-command.js';
import { sanitize } from '../core/text/sanitize.js';
import { loadMcpSdk, type McpSdk } from './load-sdk.js';
import { TOOLS, type ToolSpec } from './tools.js';

type McpServer = InstanceType<McpSdk['McpServer']>;
type Transport = Parameters<McpServer['connect']>[0];

/** What the server tells every client when it connects. */
export const INSTRUCTIONS = [
  'agent-config: the roadmaps, open decisions and staged confirmations of this repository.',
  'Read with gates, pending, progress_check, lint, evidence_verify and roadmap; every roadmap is also a resource (agent-config://roadmaps/<path>).',
  `For an irreversible action, call stage, tell the person the token and the command \`${personCommand('confirm TOKEN')}\`, then call claim: carry the action out only when claim answers \`execute\`.`,
  `Confirming, declining and opening a gate window are a person’s alone, at a terminal, and so are answering a blocker and approving a plan (\`${personCommand('decide')}\`, the command gates names): no tool does them. Never ask for a way around that.`,
].join('\n');

/** The URI prefix of the roadmap resources. */
export const ROADMAP_URI = 'agent-config://roadmaps/';

function textResult(text: string, isError: boolean) {
  return { content: [{ type: 'text' as const, text }], isError };
}

/** Runs one tool: the verb's document as the structured result, or a tool error that names the fix. */
async function callTool(ctx: Context, root: string, spec: ToolSpec, args: Record<string, unknown>) {
  try {
    const answer = await spec.run(ctx, root, args);
    return {
      content: [
        { type: 'text' as const, text: answer.text ?? documentText(answer.document) },
        ...answer.notes.map((text) => ({ type: 'text' as const, text: `warning: ${text}` })),
      ],
      // A document is a plain JSON object; the SDK's type asks for an index signature.
      structuredContent: answer.document as Record<string, unknown>,
      isError: answer.failed === true,
    };
  } catch (error) {
    if (error instanceof AgentConfigError)
      return textResult(`agent-config ${spec.name}: ${error.oneLine()}`, true);
    const e = error instanceof Error ? error : new Error(String(error));
    ctx.io.stderr.write(
      `${sanitize(`agent-config mcp: internal error in ${spec.name}: ${e.stack ?? e.message}`)}\n`,
    );
    return textResult(
      `agent-config ${spec.name}: internal error: ${e.message} (a bug in agent-config; please report it)`,
      true,
    );
  }
}

function registerRoadmapResources(sdk: McpSdk, server: McpServer, ctx: Context, root: string): void {
  const template = new sdk.ResourceTemplate(`${ROADMAP_URI}{+path}`, {
    list: async () => {
      const listing = await listRoadmaps(ctx, { root });
      return {
        resources: listing.files.map((rel) => ({
          uri: `${ROADMAP_URI}${rel}`,
          name: rel,
          title: `${listing.roadmapsDir}/${rel}`,
          mimeType: 'text/markdown',
        })),
      };
    },
  });
  server.registerResource(
    'roadmap',
    template,
    { description: 'A roadmap of this repository, as markdown', mimeType: 'text/markdown' },
    async (uri) => {
      const path = decodeURIComponent(uri.href.slice(ROADMAP_URI.length));
      const read = await readRoadmapText(ctx, { root, path }).catch((error: unknown) => {
        // The client sees the message only: the whole line, with its fix.
        throw error instanceof AgentConfigError ? new Error(error.oneLine()) : error;
      });
      if (read.text === null) {
        const p = read.problem!;
        throw new Error(`${p.file} ${p.message} — ${p.fix}`);
      }
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: read.text }] };
    },
  );
}

/**
 * The MCP server of one repository: every tool of tools.ts and the roadmaps as resources. `ctx`
 * should write nothing to stdout (see `serveMcp`); `root` is the repository root, resolved once.
 */
export function createMcpServer(sdk: McpSdk, ctx: Context, root: string, version: string): McpServer {
  const server = new sdk.McpServer(
    { name: 'agent-config', version },
    { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {} } },
  );
  for (const spec of TOOLS) {
    server.registerTool(
      spec.name,
      {
        description: spec.description,
        inputSchema: spec.input(sdk.z),
        annotations: { readOnlyHint: spec.readOnly, destructiveHint: false, openWorldHint: false },
      },
      (args: Record<string, unknown>) => callTool(ctx, root, spec, args),
    );
  }
  registerRoadmapResources(sdk, server, ctx, root);
  return server;
}

/**
 * A Context for the server's commands: nothing they write may reach stdout, which carries
 * JSON-RPC, so stdout is stderr; and there is no person to prompt.
 */
export function serverContext(ctx: Context): Context {
  const io = { ...ctx.io, stdout: ctx.io.stderr, isTTY: false, stdinIsTTY: false, color: false };
  return { cwd: ctx.cwd, env: ctx.env, clock: ctx.clock, git: ctx.git, processes: ctx.processes, io };
}

/**
 * `agent-config mcp`: serves the repository at `root` over `transport` (default: this process's
 * stdin and stdout) and resolves when the client goes away. `serveStdio` answers clients of
 * either protocol era (2025 `initialize`, 2026 discovery); every warning goes to stderr.
 */
export async function serveMcp(
  ctx: Context,
  options: { root: string; version: string; transport?: Transport },
): Promise<void> {
  const sdk = await loadMcpSdk();
  const quiet = serverContext(ctx);
  const wire = options.transport ?? new sdk.StdioServerTransport();
  sdk.serveStdio(() => createMcpServer(sdk, quiet, options.root, options.version), {
    transport: wire,
    onerror: (error) => ctx.io.stderr.write(`agent-config mcp: ${error.message}\n`),
  });
  // serveStdio set the transport's onclose; it still runs, and then the verb returns.
  const tearDown = wire.onclose;
  await new Promise<void>((resolve) => {
    wire.onclose = () => {
      tearDown?.();
      resolve();
    };
  });
}
