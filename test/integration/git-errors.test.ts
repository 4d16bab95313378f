import { describe, expect, it } from 'vitest';
import { AgentConfigError, EXIT_CANNOT_RUN, GitCommandError } from '../../src/core/errors.js';
import { createGit } from '../../src/git/git-cli-adapter.js';
import { tempDir } from '../helpers/repo.js';

describe('a failing git command', () => {
  it('is a user-facing error: one line naming the git verb, its exit code and what git said', async () => {
    const outside = tempDir();
    const error = await createGit(outside)
      .listTracked()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(GitCommandError);
    expect(error).toBeInstanceOf(AgentConfigError);
    const e = error as GitCommandError;
    expect(e.exitCode).toBe(EXIT_CANNOT_RUN);
    expect(e.gitExitCode).toBe(128);
    expect(e.oneLine()).toMatch(/^git ls-files failed \(exit 128\): fatal: not a git repository/);
    expect(e.oneLine()).not.toContain('\n');
  });
});
