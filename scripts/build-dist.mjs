// Builds dist/ with esbuild:
// * dist/index.mjs (+ chunks/): the library, ES modules;
// * dist/cli.cjs: the CLI in one CommonJS bundle, with a build stamp on its first line;
// * dist/shell-parser.cjs (+ shell-parser.cache): the guard's shell parser, which the CLI loads
//   on first use with its own code cache;
// * dist/yaml.cjs: the `yaml` package in one file, which the CLI requires on first use;
// * dist/bin.js: the command, which loads cli.cjs with dist/cli.cache, the V8 code cache that
//   scripts/train-code-cache.mjs makes at the end of the build (docs/decisions.md, "Performance: the optimisations that stay").
// dist/package.json makes the .js files there CommonJS: a command started as an ES module
// pays for Node's ES module loader before its first line runs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transformSync } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

const shim = (name) => fileURLToPath(new URL(`./shims/${name}`, import.meta.url));

// See scripts/shims/lazy-child-process.cjs: commander's eager child_process, loaded on first use.
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: shim('lazy-child-process.cjs') }
        : undefined,
    );
  },
};

// See scripts/shims/lazy-require.cjs: the CommonJS bundle requires without node:module.
const commonJsRequire = {
  name: 'common-js-require',
  setup(b) {
    b.onResolve({ filter: /[\\/]lazy-require\.js$/ }, () => ({ path: shim('lazy-require.cjs') }));
  },
};

// See scripts/shims/lazy-shell-parser.cjs: the shell parser, in its own bundle, loaded on first use.
const lazyShellParser = {
  name: 'lazy-shell-parser',
  setup(b) {
    b.onResolve({ filter: /[\\/]shell-parser\.js$/ }, (args) =>
      /[\\/]src[\\/]guard[\\/]/.test(args.importer) ? { path: shim('lazy-shell-parser.cjs') } : undefined,
    );
    b.onResolve({ filter: /^\.\/code-cache\.js$/ }, (args) =>
      /lazy-shell-parser\.cjs$/.test(args.importer) ? { path: './code-cache.js', external: true } : undefined,
    );
  },
};

// See scripts/shims/lazy-yaml.cjs: `yaml` is dist/yaml.cjs, one file required on first use.
const separateYaml = {
  name: 'separate-yaml',
  setup(b) {
    b.onResolve({ filter: /(^|[\\/])yaml\.js$/ }, (args) =>
      /[\\/]src[\\/]core[\\/]yaml\.ts$/.test(join(args.resolveDir, args.path).replace(/\.js$/, '.ts'))
        ? { path: shim('lazy-yaml.cjs') }
        : undefined,
    );
    b.onResolve({ filter: /^\.\/yaml\.cjs$/ }, (args) =>
      /lazy-yaml\.cjs$/.test(args.importer) ? { path: args.path, external: true } : undefined,
    );
  },
};

// See scripts/shims/load-mcp-sdk.cjs: the MCP SDK is dist/mcp-sdk.cjs, required by `mcp` alone.
const separateMcpSdk = {
  name: 'separate-mcp-sdk',
  setup(b) {
    b.onResolve({ filter: /[\\/]load-sdk\.js$/ }, (args) =>
      /[\\/]src[\\/]mcp$/.test(args.resolveDir) ? { path: shim('load-mcp-sdk.cjs') } : undefined,
    );
    b.onResolve({ filter: /^\.\/mcp-sdk\.cjs$/ }, (args) => ({ path: args.path, external: true }));
  },
};

const common = {
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  target: 'node20',
  minifySyntax: true,
  define: { __AGENT_CONFIG_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

/**
 * The bundle in plain ASCII. One non-ASCII character makes Node decode the whole 700 KB file
 * as UTF-8 into a two-byte string at every start, where ASCII is copied as it is (≈ 3 % of a
 * `--version`). esbuild escapes strings and templates itself but leaves comments, regular
 * expression literals and tagged templates as written: the code without its comments must be
 * ASCII already (write `\u2014` in a regular expression of the source), and what is left, in
 * comments, is written as `\uXXXX` text.
 */
function asciiOnly(code) {
  const bare = transformSync(code, { loader: 'js', minifyWhitespace: true }).code;
  const at = bare.search(/[^\x00-\x7f]/);
  if (at !== -1) {
    throw new Error(
      `dist/cli.cjs: non-ASCII code outside a string (escape it as \\uXXXX in the source): ${bare.slice(Math.max(0, at - 60), at + 20)}`,
    );
  }
  return code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Writes a bundle with the build stamp (a hash of its contents) on its first line. */
function writeStamped(file, code) {
  const stamp = createHash('sha256').update(code).digest('hex').slice(0, 16);
  writeFileSync(file, `// agent-config build ${stamp}\n${code}`);
}

/** Builds everything into `dist` (emptied first); resolves when the code cache is written. */
export async function buildDist(dist = join(ROOT, 'dist')) {
  rmSync(dist, { recursive: true, force: true });
  // The library: ES modules, split so that a caller loads only what it uses.
  await build({
    ...common,
    entryPoints: { index: 'src/index.ts' },
    outdir: dist,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    format: 'esm',
    chunkNames: 'chunks/[name]-[hash]',
    banner: {
      // Bundled CommonJS dependencies (commander) call require() for built-ins.
      js: "import { createRequire as __agentConfigCreateRequire } from 'node:module';\nconst require = __agentConfigCreateRequire(import.meta.url);",
    },
    plugins: [lazyChildProcess],
  });

  // The CLI: one CommonJS file, stamped with a hash of its contents.
  const cli = await build({
    ...common,
    entryPoints: ['src/cli/bundle-entry.ts'],
    outfile: join(dist, 'cli.cjs'),
    format: 'cjs',
    write: false,
    define: { ...common.define, 'import.meta.url': '__agentConfigUrl' },
    banner: { js: "const __agentConfigUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [lazyChildProcess, commonJsRequire, lazyShellParser, separateYaml, separateMcpSdk],
    metafile: true,
  });
  const heavy = Object.keys(cli.metafile.inputs).find((f) =>
    /node_modules[\\/](zod|@modelcontextprotocol)[\\/]/.test(f),
  );
  if (heavy !== undefined) {
    // Every command would parse it at start: it belongs in dist/mcp-sdk.cjs (src/mcp/load-sdk.ts).
    throw new Error(
      `dist/cli.cjs would bundle ${heavy}; import the MCP SDK only through src/mcp/load-sdk.ts`,
    );
  }
  const code = asciiOnly(cli.outputFiles[0].text);
  if (/\bimport\(/.test(code)) {
    // vm.Script (dist/bin.js) has no loader for import(): everything must be bundled or required.
    throw new Error('dist/cli.cjs contains a dynamic import(); require the module instead');
  }
  if (/require\(["']yaml["']\)/.test(code)) {
    // Its 72 files would be resolved and compiled at first use: it belongs in dist/yaml.cjs.
    throw new Error('dist/cli.cjs requires the yaml package; load it through src/core/yaml.ts');
  }
  writeStamped(join(dist, 'cli.cjs'), code);

  // The shell parser the guard loads on first use (see lazyShellParser above), stamped like the
  // CLI bundle so that its code cache (made by the training run) is tied to it.
  const parser = await build({
    ...common,
    entryPoints: ['src/guard/shell-parser.ts'],
    outfile: join(dist, 'shell-parser.cjs'),
    format: 'cjs',
    minify: true,
    write: false,
  });
  writeStamped(join(dist, 'shell-parser.cjs'), parser.outputFiles[0].text);

  // `yaml` in one file, which the CLI requires on first use (see separateYaml): the package's ES
  // module build (the `default` condition; `platform: 'neutral'` drops `node`), with its log.js
  // swapped for the Node build's, so a warning is written as before.
  await build({
    ...common,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    entryPoints: { yaml: shim('yaml-bundle.mjs') },
    outdir: dist,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    minify: true,
    plugins: [
      {
        name: 'yaml-node-log',
        setup(b) {
          b.onResolve({ filter: /(^|[\\/])log\.js$/ }, (args) =>
            /[\\/]node_modules[\\/]yaml[\\/]browser[\\/]/.test(args.importer)
              ? { path: shim('yaml-log.mjs') }
              : undefined,
          );
          // The Node build reads and writes !!binary with Buffer (a Buffer value), this one with
          // atob/btoa (a Uint8Array): Buffer first, as there.
          b.onLoad(
            { filter: /[\\/]yaml[\\/]browser[\\/]dist[\\/]schema[\\/]yaml-1\.1[\\/]binary\.js$/ },
            (args) => {
              const source = readFileSync(args.path, 'utf8');
              const patched = source
                .replace(
                  "if (typeof atob === 'function') {",
                  "if (typeof Buffer === 'function') {\n            return Buffer.from(src, 'base64');\n        }\n        else if (typeof atob === 'function') {",
                )
                .replace(
                  "if (typeof btoa === 'function') {",
                  "if (typeof Buffer === 'function') {\n            str = buf instanceof Buffer ? buf.toString('base64') : Buffer.from(buf.buffer).toString('base64');\n        }\n        else if (typeof btoa === 'function') {",
                );
              if ((patched.match(/typeof Buffer === 'function'/g) ?? []).length !== 2)
                throw new Error(
                  `${args.path}: not the binary.js the build knows; check it against yaml's Node build`,
                );
              return { contents: patched, loader: 'js' };
            },
          );
        },
      },
    ],
    metafile: true,
  }).then(({ metafile }) => {
    const inputs = Object.keys(metafile.inputs);
    if (
      !inputs.some((f) => /node_modules[\\/]yaml[\\/]browser[\\/]/.test(f)) ||
      !inputs.some((f) => /yaml-log\.mjs$/.test(f))
    )
      throw new Error(
        `dist/yaml.cjs: expected yaml's ES module build with the Node log.js, got ${inputs.join(', ')}`,
      );
  });

  // The MCP SDK and zod (≈ 780 KB minified), which only `agent-config mcp` loads, through the shim above.
  await build({
    ...common,
    entryPoints: { 'mcp-sdk': 'src/mcp/sdk.ts' },
    outdir: dist,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    minify: true,
  });

  // The command and the loader the training run uses: CommonJS, built-ins only.
  await build({
    ...common,
    entryPoints: { bin: 'src/bin.ts', 'code-cache': 'src/cli/code-cache.ts' },
    outdir: dist,
    format: 'cjs',
  });
  writeFileSync(join(dist, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);

  const train = spawnSync(process.execPath, [join(ROOT, 'scripts', 'train-code-cache.mjs'), dist], {
    stdio: 'inherit',
  });
  if (train.status !== 0) throw new Error(`the code-cache training run failed (exit ${train.status})`);
}
