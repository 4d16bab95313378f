import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', '..', 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const sources = files(SRC).map((abs) => ({
  rel: relative(SRC, abs).split('\\').join('/'),
  text: readFileSync(abs, 'utf8'),
}));
const code = (text: string) => text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
// Static and dynamic imports, and modules loaded on first use through `lazyRequire` or `require`.
const imports = (text: string) =>
  [...text.matchAll(/(?:from\s+|import\(|lazyRequire(?:<[^>]*>)?\(|\brequire\()\s*'([^']+)'/g)].map(
    (m) => m[1]!,
  );

// Pure folders: strings in, data out (STYLE.md). The archive plan and staging decisions are
// pure, and so are the evidence ledger's records and verification and the report's history and
// page; their adapters are the named exceptions.
const PURE = ['roadmap/', 'render/', 'lint/', 'core/', 'guard/', 'report/', 'verdict/', 'init/'];
const PURE_FILES = /^(archive|staging|evidence)\/(?!.*(apply|store|adapter|fs)).*\.ts$/;
const IMPURE_MODULES =
  /^(node:fs|node:fs\/promises|fs|simple-git|commander|node:child_process|node:process)$/;

describe('architecture', () => {
  it('pure folders import no fs, git, commander or process', () => {
    const offenders = sources
      .filter((s) => PURE.some((p) => s.rel.startsWith(p)) || PURE_FILES.test(s.rel))
      .flatMap((s) => {
        const bad = imports(s.text).filter((m) => IMPURE_MODULES.test(m));
        if (/\bprocess\.|Date\.now\(\)|Math\.random/.test(code(s.text)))
          bad.push('process/Date.now/Math.random');
        if (s.rel.startsWith('report/') && /new Date\(/.test(code(s.text))) bad.push('clock');
        if (/new Date\(\)/.test(code(s.text))) bad.push('clock');
        return bad.map((b) => `${s.rel} → ${b}`);
      });
    expect(offenders).toEqual([]);
  });

  it('only cli/ imports commander and only git/ runs git', () => {
    const offenders = sources.flatMap((s) =>
      imports(s.text)
        .filter(
          (m) =>
            (m === 'commander' && !s.rel.startsWith('cli/')) ||
            (m === 'node:child_process' && !s.rel.startsWith('git/')),
        )
        .map((m) => `${s.rel} → ${m}`),
    );
    expect(offenders).toEqual([]);
  });

  it('only the entry (bin.ts, cli/main.ts) touches process', () => {
    const offenders = sources
      .filter((s) => s.rel !== 'bin.ts' && s.rel !== 'cli/main.ts')
      .filter((s) => /\bprocess\.(argv|env|exit|stdout|stderr|stdin|cwd)/.test(code(s.text)))
      .map((s) => s.rel);
    expect(offenders).toEqual([]);
  });

  it('guard/ imports no adapter and no verb: the decision is computed from what it is handed', () => {
    const offenders = sources
      .filter((s) => s.rel.startsWith('guard/'))
      .flatMap((s) =>
        imports(s.text)
          .filter((m) => /^node:/.test(m) || /\/(commands|cli|repo|git)\//.test(m))
          .map((m) => `${s.rel} → ${m}`),
      );
    expect(offenders).toEqual([]);
  });

  it('mcp/ maps tools onto commands/ and their JSON renderers, and never onto a person’s verbs', () => {
    const allowed = /^(\.\/|\.\.\/(commands|render|core)\/|\.\.\/lint\/reporters\/json\.js$)/;
    const offenders = sources
      .filter((s) => s.rel.startsWith('mcp/') && s.rel !== 'mcp/sdk.ts')
      .flatMap((s) =>
        imports(s.text)
          .filter((m) => !allowed.test(m) || /\/commands\/staging\/(confirm|decline)\.js$/.test(m))
          .map((m) => `${s.rel} → ${m}`),
      );
    expect(offenders).toEqual([]);
  });

  it('mcp/ reaches the repository only through commands/: no fs, git, commander or process', () => {
    const offenders = sources
      .filter((s) => s.rel.startsWith('mcp/'))
      .flatMap((s) => {
        const bad = imports(s.text).filter((m) => IMPURE_MODULES.test(m) || /\/(repo|git|cli)\//.test(m));
        if (/\bprocess\./.test(code(s.text))) bad.push('process');
        return bad.map((b) => `${s.rel} → ${b}`);
      });
    expect(offenders).toEqual([]);
  });

  it('only mcp/sdk.ts imports the MCP SDK and zod (the separate bundle dist/mcp-sdk.cjs)', () => {
    const offenders = sources.flatMap((s) =>
      imports(s.text)
        .filter((m) => /^(@modelcontextprotocol\/|zod$|zod\/)/.test(m) && s.rel !== 'mcp/sdk.ts')
        .map((m) => `${s.rel} → ${m}`),
    );
    expect(offenders).toEqual([]);
  });

  it('adapters never import commands or cli', () => {
    const offenders = sources
      .filter((s) => s.rel.startsWith('git/') || s.rel.startsWith('repo/'))
      .flatMap((s) =>
        imports(s.text)
          .filter((m) => /\/(commands|cli)\//.test(m))
          .map((m) => `${s.rel} → ${m}`),
      );
    expect(offenders).toEqual([]);
  });

  it('sees modules loaded through lazyRequire', () => {
    expect(imports("const cp = lazyRequire<ChildProcessModule>('node:child_process');")).toEqual([
      'node:child_process',
    ]);
    const git = sources.find((s) => s.rel === 'git/git-cli-adapter.ts')!;
    expect(imports(git.text)).toContain('node:child_process');
  });

  it('commands/ files reach the file system only through repo/ and the other adapters', () => {
    const offenders = sources
      .filter((s) => s.rel.startsWith('commands/'))
      .flatMap((s) =>
        imports(s.text)
          .filter((m) => IMPURE_MODULES.test(m))
          .map((m) => `${s.rel} → ${m}`),
      );
    expect(offenders).toEqual([]);
  });

  it('core/ imports nothing from the folders above it', () => {
    const offenders = sources
      .filter((s) => s.rel.startsWith('core/'))
      .flatMap((s) =>
        imports(s.text)
          .filter((m) => m.startsWith('.') && !posix.join(posix.dirname(s.rel), m).startsWith('core/'))
          .map((m) => `${s.rel} → ${m}`),
      );
    expect(offenders).toEqual([]);
  });
});
