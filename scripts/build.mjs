// Bundles the CLI and the library with esbuild: one file to load at startup, commands split
// into chunks that load only when their verb runs.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { bin: 'src/bin.ts', index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minifySyntax: true,
  chunkNames: 'chunks/[name]-[hash]',
  define: { __AGENT_CONFIG_VERSION__: JSON.stringify(pkg.version) },
  banner: {
    // Bundled CommonJS dependencies (commander) call require() for built-ins.
    js: "import { createRequire as __agentConfigCreateRequire } from 'node:module';\nconst require = __agentConfigCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
