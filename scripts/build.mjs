// Bundles the CLI and the library with esbuild: one file to load at startup, commands split
// into chunks that load only when their verb runs.
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

// See scripts/shims/lazy-child-process.cjs: commander's eager child_process, loaded on first use.
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: fileURLToPath(new URL('./shims/lazy-child-process.cjs', import.meta.url)) }
        : undefined,
    );
  },
};

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
  plugins: [lazyChildProcess],
  logLevel: 'warning',
});
