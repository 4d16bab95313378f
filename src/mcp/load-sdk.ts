/** What src/mcp/sdk.ts exports: the MCP server classes and zod. */
export type McpSdk = typeof import('./sdk.js');

/**
 * Loads the MCP SDK. From the sources this is a plain import; the CLI bundle swaps this file for
 * scripts/shims/load-mcp-sdk.cjs, which requires dist/mcp-sdk.cjs, so that no other command
 * parses the SDK (docs/decisions.md, "The MCP server").
 */
export function loadMcpSdk(): Promise<McpSdk> {
  return import('./sdk.js');
}
