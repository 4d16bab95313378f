import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveLinks } from '../../../src/repo/resolve-links.js';
import { tempDir } from '../../helpers/repo.js';

describe('resolveLinks', () => {
  it('follows links along the path, relative and absolute, a link to a folder included', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'agent-config.yaml'), 'x\n');
    mkdirSync(join(dir, 'sub'));
    symlinkSync('../agent-config.yaml', join(dir, 'sub', 'x'));
    symlinkSync(join(dir, 'sub', 'x'), join(dir, 'y'));
    symlinkSync('.', join(dir, 'here'));
    expect(resolveLinks(join(dir, 'sub', 'x'))).toBe(join(dir, 'agent-config.yaml'));
    expect(resolveLinks(join(dir, 'y'))).toBe(join(dir, 'agent-config.yaml'));
    expect(resolveLinks(join(dir, 'here', 'here', 'sub', 'x'))).toBe(join(dir, 'agent-config.yaml'));
    expect(resolveLinks(join(dir, 'sub', 'new.txt'))).toBe(join(dir, 'sub', 'new.txt'));
  });

  it('follows a dangling link to where a write would create the file, and keeps what does not exist as written', () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.claude'));
    symlinkSync('.claude/settings.json', join(dir, 'dangling'));
    symlinkSync('.claude', join(dir, 'c'));
    expect(resolveLinks(join(dir, 'dangling'))).toBe(join(dir, '.claude', 'settings.json'));
    expect(resolveLinks(join(dir, 'c', 'settings.local.json'))).toBe(
      join(dir, '.claude', 'settings.local.json'),
    );
    expect(resolveLinks(join(dir, 'no', 'such', '..', 'x'))).toBe(join(dir, 'no', 'x'));
    expect(resolveLinks(join(dir, 'c', '*.json'))).toBe(join(dir, '.claude', '*.json'));
  });

  it('never opens what it meets: a named pipe on the path answers at once', () => {
    const dir = tempDir();
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    expect(resolveLinks(join(dir, 'pipe'))).toBe(join(dir, 'pipe'));
  });

  it('gives up on a loop of links, as the kernel does', () => {
    const dir = tempDir();
    symlinkSync('b', join(dir, 'a'));
    symlinkSync('a', join(dir, 'b'));
    expect(() => resolveLinks(join(dir, 'a'))).toThrow(/too many levels of symbolic links/);
  });
});
