// The CLI bundle's src/mcp/load-sdk.ts: the SDK is its own bundle beside dist/cli.cjs
// (scripts/build-dist.mjs), required on first use by `agent-config mcp` only. The bundle's
// `require` is dist/bin.js's, so the path is relative to dist/.
exports.loadMcpSdk = async () => require('./mcp-sdk.cjs');
