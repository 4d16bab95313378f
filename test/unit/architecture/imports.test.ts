import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', '..', 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** One import of a module: as written, where, and the import itself on one line. */
interface Import {
  module: string;
  line: number;
  text: string;
}

interface Source {
  /** Path below src/, with `/`. */
  rel: string;
  text: string;
  imports: Import[];
  /** The lines that use the global `process`, trimmed (a type such as `NodeJS.Process` is no use). */
  processUses: { line: number; text: string }[];
}

const lineOf = (file: ts.SourceFile, node: ts.Node) =>
  file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;

/** A use of the global `process`: `process.x`, `process` handed on, `globalThis.process`. */
function usesProcess(node: ts.Identifier): boolean {
  if (node.text !== 'process') return false;
  const p = node.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === node)
    return ts.isIdentifier(p.expression) && p.expression.text === 'globalThis';
  const named =
    ts.isPropertyAssignment(p) ||
    ts.isPropertySignature(p) ||
    ts.isPropertyDeclaration(p) ||
    ts.isMethodDeclaration(p) ||
    ts.isMethodSignature(p) ||
    ts.isGetAccessorDeclaration(p) ||
    ts.isSetAccessorDeclaration(p) ||
    ts.isEnumMember(p);
  if (named && p.name === node) return false;
  if (ts.isBindingElement(p) && p.propertyName === node) return false;
  return !ts.isQualifiedName(p) && !ts.isTypeQueryNode(p);
}

/**
 * Static imports and re-exports (types included), `import()` in code and in types, and modules
 * loaded on first use through `lazyRequire` or `require`; read with TypeScript's parser, so a
 * comment or a string never counts.
 */
function scan(rel: string, text: string): Source {
  const file = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imports: Import[] = [];
  const processUses: Source['processUses'] = [];
  const add = (specifier: ts.Node | undefined, node: ts.Node) => {
    if (specifier === undefined || !ts.isStringLiteralLike(specifier)) return;
    const statement = node.getText(file).replace(/\s+/g, ' ');
    imports.push({ module: specifier.text, line: lineOf(file, node), text: statement });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier, node);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression, node);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal, node);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const loads =
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(callee) && (callee.text === 'require' || callee.text === 'lazyRequire'));
      if (loads) add(node.arguments[0], node);
    } else if (ts.isIdentifier(node) && usesProcess(node)) {
      const line = lineOf(file, node);
      processUses.push({ line, text: text.split('\n')[line - 1]!.trim() });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { rel, text, imports, processUses };
}

const sources = files(SRC).map((abs) =>
  scan(relative(SRC, abs).split('\\').join('/'), readFileSync(abs, 'utf8')),
);
const code = (text: string) => text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
const where = (s: Source, i: Import) => `${s.rel}:${i.line}: ${i.text}`;

/** The file below src/ a relative import names (`./x.js` is the source `x.ts`); null for a package. */
const target = (from: string, module: string) =>
  module.startsWith('.') ? posix.join(posix.dirname(from), module).replace(/\.js$/, '.ts') : null;

/**
 * The layers, lowest first (STYLE.md). An import goes down, or sideways within its layer: the
 * domain folders use each other freely (the archive plans over parsed roadmaps, staging writes
 * evidence records), and so do the two adapters and cli/ and mcp/.
 */
const LAYERS: ReadonlyArray<{ name: string; members: readonly string[] }> = [
  { name: 'core', members: ['core'] },
  {
    name: 'domain',
    members: [
      'roadmap',
      'staging',
      'evidence',
      'guard',
      'verdict',
      'lint',
      'archive',
      'report',
      'init',
      'notify',
      'inbox',
    ],
  },
  { name: 'render', members: ['render'] },
  { name: 'adapters', members: ['repo', 'git'] },
  { name: 'commands', members: ['commands'] },
  { name: 'cli/mcp', members: ['cli', 'mcp'] },
  { name: 'entry', members: ['bin.ts', 'index.ts'] },
];

/**
 * The file-system adapters that live beside their pure domain code (STYLE.md: the archive's
 * plan and the adapter that applies it, staging's fs store, the ledger's one fs adapter and its
 * entry point): they belong to the adapter layer, so they may use repo/ and no pure file may
 * use them.
 */
const DOMAIN_ADAPTERS: ReadonlySet<string> = new Set([
  'archive/apply.ts',
  'archive/gather-fs.ts',
  'archive/journal-store.ts',
  'archive/repo-adapter.ts',
  'evidence/api.ts',
  'evidence/read-fs.ts',
  'evidence/store.ts',
  'staging/store.ts',
]);

/** The index of a file's layer in LAYERS; -1 for a file of no layer. */
function layerOf(rel: string): number {
  if (DOMAIN_ADAPTERS.has(rel)) return LAYERS.findIndex((l) => l.name === 'adapters');
  return LAYERS.findIndex((l) => l.members.includes(rel.split('/')[0]!));
}

/** Below core, render and the domain's pure files: strings in, data out. */
const isPure = (rel: string) => layerOf(rel) <= LAYERS.findIndex((l) => l.name === 'render');

const IMPURE_MODULES =
  /^(node:fs|node:fs\/promises|fs|simple-git|commander|node:child_process|node:process)$/;

/** Each import that goes to a higher layer, with its line, less the pending ones. */
function upwardImports(of: readonly Source[]): string[] {
  return of.flatMap((s) =>
    s.imports.flatMap((i) => {
      const to = target(s.rel, i.module);
      if (to === null || layerOf(to) <= layerOf(s.rel)) return [];
      return [`${where(s, i)} (${LAYERS[layerOf(s.rel)]!.name} → ${LAYERS[layerOf(to)]!.name})`];
    }),
  );
}

/** The file-level import cycles, each as the files round it (`a.ts → b.ts → a.ts`). */
function importCycles(of: readonly Source[]): string[] {
  const edges = new Map(
    of.map((s) => [s.rel, s.imports.map((i) => target(s.rel, i.module)).filter((t) => t !== null)]),
  );
  const cycles = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.add([...path.slice(path.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of edges.keys()) if (!state.has(file)) visit(file);
  return [...cycles];
}

describe('architecture', () => {
  it('every file of src/ has a layer, and every relative import names a file of src/', () => {
    const known = new Set(sources.map((s) => s.rel));
    expect(sources.filter((s) => layerOf(s.rel) === -1).map((s) => s.rel)).toEqual([]);
    expect([...DOMAIN_ADAPTERS].filter((rel) => !known.has(rel))).toEqual([]);
    const unresolved = sources.flatMap((s) =>
      s.imports
        .filter((i) => target(s.rel, i.module) !== null && !known.has(target(s.rel, i.module)!))
        .map((i) => where(s, i)),
    );
    expect(unresolved).toEqual([]);
  });

  it('imports go down the layers or sideways within one, never up', () => {
    expect(upwardImports(sources)).toEqual([]);
  });

  it('no file imports itself through others: no file-level import cycle', () => {
    expect(importCycles(sources)).toEqual([]);
  });

  it('pure folders import no fs, git or commander, and read no clock or randomness', () => {
    const offenders = sources
      .filter((s) => isPure(s.rel))
      .flatMap((s) => {
        const bad = s.imports.filter((i) => IMPURE_MODULES.test(i.module)).map((i) => where(s, i));
        if (/Date\.now\(\)|Math\.random/.test(code(s.text))) bad.push(`${s.rel} → Date.now/Math.random`);
        if (s.rel.startsWith('report/') && /new Date\(/.test(code(s.text))) bad.push(`${s.rel} → clock`);
        if (/new Date\(\)/.test(code(s.text))) bad.push(`${s.rel} → clock`);
        return bad;
      });
    expect(offenders).toEqual([]);
  });

  it('only the entry (bin.ts, cli/main.ts) touches process; below it, the Context and its ports', () => {
    const offenders = sources
      .filter((s) => s.rel !== 'bin.ts' && s.rel !== 'cli/main.ts')
      .flatMap((s) => [
        ...s.processUses.map((use) => `${s.rel}:${use.line}: ${use.text}`),
        ...s.imports.filter((i) => /^(node:)?process$/.test(i.module)).map((i) => where(s, i)),
      ]);
    expect(offenders).toEqual([]);
  });

  it("only cli/ imports commander and only git/ runs git (and bin.ts the hook's watchdog, a /bin/sh; cli/process-ports.ts the notifiers)", () => {
    const offenders = sources.flatMap((s) =>
      s.imports
        .filter(
          (i) =>
            (i.module === 'commander' && !s.rel.startsWith('cli/')) ||
            (i.module === 'node:child_process' &&
              !s.rel.startsWith('git/') &&
              s.rel !== 'bin.ts' &&
              s.rel !== 'cli/process-ports.ts'),
        )
        .map((i) => where(s, i)),
    );
    expect(offenders).toEqual([]);
  });

  it('guard/ imports no node: module: the decision is computed from what it is handed', () => {
    const offenders = sources
      .filter((s) => s.rel.startsWith('guard/'))
      .flatMap((s) => s.imports.filter((i) => /^node:/.test(i.module)).map((i) => where(s, i)));
    expect(offenders).toEqual([]);
  });

  it('mcp/ maps tools onto commands/ and their JSON renderers, and never onto a person’s verbs', () => {
    const allowed = /^(\.\/|\.\.\/(commands|render|core)\/|\.\.\/lint\/reporters\/json\.js$)/;
    const offenders = sources
      .filter((s) => s.rel.startsWith('mcp/') && s.rel !== 'mcp/sdk.ts')
      .flatMap((s) =>
        s.imports
          .filter(
            (i) => !allowed.test(i.module) || /\/commands\/staging\/(confirm|decline)\.js$/.test(i.module),
          )
          .map((i) => where(s, i)),
      );
    expect(offenders).toEqual([]);
  });

  it('mcp/ reaches the repository only through commands/: no fs, git or commander', () => {
    const offenders = sources
      .filter((s) => s.rel.startsWith('mcp/'))
      .flatMap((s) =>
        s.imports
          .filter((i) => IMPURE_MODULES.test(i.module) || /\/(repo|git|cli)\//.test(i.module))
          .map((i) => where(s, i)),
      );
    expect(offenders).toEqual([]);
  });

  it('only mcp/sdk.ts imports the MCP SDK and zod (the separate bundle dist/mcp-sdk.cjs)', () => {
    const offenders = sources.flatMap((s) =>
      s.imports
        .filter((i) => /^(@modelcontextprotocol\/|zod$|zod\/)/.test(i.module) && s.rel !== 'mcp/sdk.ts')
        .map((i) => where(s, i)),
    );
    expect(offenders).toEqual([]);
  });

  it('commands/ files reach the file system only through repo/ and the other adapters', () => {
    const offenders = sources
      .filter((s) => s.rel.startsWith('commands/'))
      .flatMap((s) => s.imports.filter((i) => IMPURE_MODULES.test(i.module)).map((i) => where(s, i)));
    expect(offenders).toEqual([]);
  });

  it('sees what a file loads and where it touches process, and nothing in comments or strings', () => {
    const sample = scan(
      'sample.ts',
      [
        "import type { A } from './a.js';",
        "// import { B } from '../commands/b.js'; process.exit(1)",
        "const cp = lazyRequire<ChildProcessModule>('node:child_process');",
        "type M = typeof import('./m.js');",
        'const text = \'process.env and import("./c.js")\';',
        'let p: NodeJS.Process | undefined;',
        'const o = { process: 1 };',
        'hand(process);',
        'globalThis.process.exitCode = 1;',
      ].join('\n'),
    );
    expect(sample.imports.map((i) => [i.line, i.module])).toEqual([
      [1, './a.js'],
      [3, 'node:child_process'],
      [4, './m.js'],
    ]);
    expect(sample.processUses.map((use) => use.line)).toEqual([8, 9]);
    const git = sources.find((s) => s.rel === 'git/git-cli-adapter.ts')!;
    expect(git.imports.map((i) => i.module)).toContain('node:child_process');
  });

  it('names an upward import with its line and layers, and a cycle with its files', () => {
    const fake = [
      scan('archive/x.ts', "import { a } from './y.js';\nimport type { D } from '../render/dashboard.js';"),
      scan('archive/y.ts', "import { x } from './x.js';"),
      scan('render/z.ts', "export { s } from '../staging/store.js';"),
    ];
    expect(upwardImports(fake)).toEqual([
      "archive/x.ts:2: import type { D } from '../render/dashboard.js'; (domain → render)",
      "render/z.ts:1: export { s } from '../staging/store.js'; (render → adapters)",
    ]);
    expect(importCycles(fake)).toEqual(['archive/x.ts → archive/y.ts → archive/x.ts']);
    expect(layerOf('tools/x.ts')).toBe(-1);
    expect(isPure('evidence/verify.ts') && !isPure('evidence/store.ts')).toBe(true);
  });
});
