import { describe, expect, it } from 'vitest';
import { mayBeProtected } from '../../../src/guard/own-files-prefilter.js';
import { resolvePosix } from '../../../src/guard/posix-paths.js';
import { protectedPath, protectedTail } from '../../../src/guard/protected-files.js';

const PLACES = { anchors: ['/p', '/q/sub'], homes: ['/h'] };

describe('protectedPath', () => {
  it.each([
    ['/p/agent-config.yaml', 'agent-config.yaml'],
    ['/q/sub/agent-config.yaml', 'agent-config.yaml'],
    ['/p/.claude/settings.json', '.claude/settings*.json'],
    ['/p/.claude/settings.local.json', '.claude/settings*.json'],
    ['/p/agents/runtime', 'agents/runtime/'],
    ['/p/agents/runtime/staged-confirmations/x/y.json', 'agents/runtime/'],
    ['/p/agents/evidence/ledger/main.jsonl', 'agents/evidence/'],
    ['/p/node_modules/agent-config/package.json', 'node_modules/agent-config/'],
    ['/p/node_modules/.bin/agent-config', 'node_modules/.bin/agent-config'],
    ['/p/.git', '.git/'],
    ['/anywhere/.git/hooks/pre-commit', '.git/'],
    ['/h/.claude/settings.json', '~/.claude/settings*.json'],
    ['/h/.gitconfig', '~/.gitconfig'],
    ['/p/.claude/[s]ettings.json', '.claude/settings*.json'],
  ])('%s is %s', (path, label) => {
    expect(protectedPath(path, PLACES)).toBe(label);
  });

  it.each([
    '/p/docs/agent-config.yaml',
    '/p/.claude/commands/x.md',
    '/p/.claude',
    '/p/agents',
    '/p/agents/roadmaps/a.md',
    '/p/agents/runtime-notes',
    '/p/node_modules/agent-configurator/x.js',
    '/p/.github/workflows/ci.yml',
    '/p/.gitignore',
    '/tmp/agent-config.yaml',
    '/h/.claude/projects/x.jsonl',
    '/p/.git*',
  ])('%s is none of them (as a file)', (path) => {
    expect(protectedPath(path, PLACES)).toBeNull();
  });

  it('counts an ancestor only where a whole tree is written: never node_modules, the project only for rm -r and mv', () => {
    expect(protectedPath('/p/.claude', PLACES, 'dir')).toBe('.claude/settings*.json');
    expect(protectedPath('/p', PLACES, 'dir')).toBeNull();
    expect(protectedPath('/p', PLACES, 'tree')).toBe('agent-config.yaml');
    expect(protectedPath('/', PLACES, 'tree')).toBe('the project folder');
    expect(protectedPath('/p/node_modules', PLACES, 'tree')).toBeNull();
    expect(protectedPath('/p/node_modules/.bin', PLACES, 'tree')).toBeNull();
    expect(protectedPath('/p/node_modules', PLACES, 'contents')).toBe('node_modules/agent-config/');
    expect(protectedPath('/p/dist', PLACES, 'contents')).toBeNull();
    expect(protectedPath('/p/.git*', PLACES, 'tree')).toBe('.git/');
  });
});

describe('protectedTail', () => {
  it('holds a path whose known end starts a protected pattern, not a bare name', () => {
    expect(protectedTail(['.claude', 'settings.json'])).toBe('.claude/settings*.json');
    expect(protectedTail(['x', 'agents', 'runtime', 'lock'])).toBe('agents/runtime/');
    expect(protectedTail(['agent-config.yaml'])).toBe('agent-config.yaml');
    expect(protectedTail(['config'])).toBeNull();
    expect(protectedTail(['settings.json'])).toBeNull();
    expect(protectedTail(['agents'])).toBeNull();
  });
});

describe('paths', () => {
  it('resolves as the shell would, and knows which paths can never be protected', () => {
    expect(resolvePosix('/p/sub', '../x/./y')).toBe('/p/x/y');
    expect(resolvePosix('/p', '/a//b/../c')).toBe('/a/c');
    expect(resolvePosix('/', '../..')).toBe('/');
    expect(mayBeProtected('/p/src/a.ts')).toBe(false);
    expect(mayBeProtected('/p/agent-config.yaml')).toBe(true);
    expect(mayBeProtected('/p/src/../.git/config')).toBe(true);
    expect(mayBeProtected('/p/src/*.ts')).toBe(true);
    expect(mayBeProtected('/p/AGENTS/Runtime/x')).toBe(true);
    expect(mayBeProtected('/p/agents/evidence/ledger/a.jsonl')).toBe(true);
    // The roadmaps an agent edits under agents/ stay on the fast path.
    expect(mayBeProtected('/p/agents/roadmaps/phase-1.md')).toBe(false);
  });
});
