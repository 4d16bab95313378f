import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// agent-config is not on the npm registry: while its name is free there, a copied
// `npx agent-config …` or `npm install agent-config` would run whatever code someone registers
// under it (docs/release.md). Every line the docs hand a person installs from a tarball or a
// git URL and runs the local install with `npx --no`.

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Pages that may name the forbidden forms: the release page explains them, decisions keep history. */
const EXEMPT = new Set(['docs/release.md', 'docs/decisions.md']);

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pages(path);
    return /\.(md|sh|ya?ml)$/.test(name) ? [path] : [];
  });
}

const FILES = [
  ...['README.md', 'CONTRIBUTING.md', '.pre-commit-hooks.yaml', 'action.yml'].map((f) => join(ROOT, f)),
  ...pages(join(ROOT, 'docs')),
]
  .map((path) => relative(ROOT, path).split('\\').join('/'))
  .filter((path) => !EXEMPT.has(path));

/** The registry forms: npx without `--no` before the name, and an install of the bare name. */
function registryLines(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    for (const m of line.matchAll(/\bnpx((?:\s+-[-\w=]*)*)\s+agent-config\b/g)) {
      if (!/(^|\s)--no(\s|$)/.test(m[1]!)) found.push(line.trim());
    }
    if (/"npx",\s*"args":\s*\["agent-config"/.test(line)) found.push(line.trim());
    for (const m of line.matchAll(/\b(?:npm\s+(?:install|i|add)|pnpm\s+add|yarn\s+add)\b([^`|;&#]*)/g)) {
      if (m[1]!.split(/\s+/).some((word) => /^agent-config(@\S*)?$/.test(word))) found.push(line.trim());
    }
  }
  return found;
}

describe('install and run lines in the docs', () => {
  it('recognises the registry forms and lets the local ones through', () => {
    expect(
      registryLines(
        [
          'npx agent-config init',
          'npx --offline agent-config gates',
          'npx --no-install agent-config lint',
          'npm install --save-dev agent-config',
          'pnpm add -D agent-config@1.0.0',
          '{ "command": "npx", "args": ["agent-config", "mcp"] }',
        ].join('\n'),
      ),
    ).toHaveLength(6);
    expect(
      registryLines(
        [
          'npx --no agent-config init',
          'npm install --save-dev ./agent-config-0.1.0.tgz',
          'npm install --save-dev git+https://github.com/o/agent-config.git#abc',
          '{ "command": "npx", "args": ["--no", "agent-config", "mcp"] }',
          'npx vitest run',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it.each(FILES)('%s names no registry install and no bare npx agent-config', (file) => {
    expect(registryLines(readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });
});
