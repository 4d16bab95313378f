// The MCP SDK and zod, the one module that imports them: the build bundles this file alone into
// dist/mcp-sdk.cjs (≈ 780 KB minified), which only `agent-config mcp` loads (see load-sdk.ts).
export { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
export { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
export { z } from 'zod';
