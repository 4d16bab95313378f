import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/context.js';
import { makeRepo } from '../helpers/repo.js';

// Every file is planned exactly as it would be alone: markdown context of one file (an open
// list, a link reference definition) never reaches into another file planned in the same run.

const FINISHED = '# X\n\n## Phase 1\n\n- [x] a\n';

describe('archive plans each file as it would be alone', () => {
  it('a list item in an unrelated file does not turn the moved roadmap’s indented code into a link', async () => {
    // The moved roadmap starts with a blank line and an indented block: code, where only the
    // exact path is rewritten. Planned after notes.md's list, it once read as a list paragraph.
    const roadmap = `\n    ![i](../agents/roadmaps/x.md "T")\n\n${FINISHED}`;
    const dir = makeRepo({
      'agents/notes.md': '- ![i](roadmaps/x.md "T")\n',
      'agents/roadmaps/x.md': roadmap,
    });
    const result = await run(dir, ['archive', '--all', '--dry-run']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        '  ✅  Would archive: agents/roadmaps/x.md → agents/roadmaps/archive/x.md  (2 ref(s) rewritten)',
        '  ✏️  agents/notes.md',
        '        1:8  roadmaps/x.md → roadmaps/archive/x.md',
        '  ✏️  agents/roadmaps/x.md (moves to agents/roadmaps/archive/x.md)',
        '        2:13  agents/roadmaps/x.md → agents/roadmaps/archive/x.md',
        '  2 file(s) would be rewritten; the dashboard would be regenerated.',
        '',
      ].join('\n'),
    );
    // The same lines for the roadmap as in a repository where it is the only file.
    const alone = await run(makeRepo({ 'agents/roadmaps/x.md': roadmap }), ['archive', '--all', '--dry-run']);
    expect(alone.stdout).toContain(
      '  ✏️  agents/roadmaps/x.md (moves to agents/roadmaps/archive/x.md)\n        2:13  agents/roadmaps/x.md → agents/roadmaps/archive/x.md\n',
    );
  });

  it('a definition in the moved roadmap does not leave another file’s link to it unrewritten', async () => {
    // `[t][ref]` is a full reference only where `ref` is defined: in notes.md alone it is text
    // and a link to the roadmap, which must follow the move.
    const dir = makeRepo({
      'agents/notes.md': '- [t][ref](roadmaps/x.md)\n',
      'agents/roadmaps/x.md': `# X\n\n[ref]: ../notes.md\n\n## Phase 1\n\n- [x] a\n`,
    });
    const dry = await run(dir, ['archive', '--all', '--dry-run']);
    expect(dry.stderr).toBe('');
    expect(dry.stdout).toBe(
      [
        '  ✅  Would archive: agents/roadmaps/x.md → agents/roadmaps/archive/x.md  (1 ref(s) rewritten)',
        '  ✏️  agents/notes.md',
        '        1:12  roadmaps/x.md → roadmaps/archive/x.md',
        '  ✏️  agents/roadmaps/x.md (moves to agents/roadmaps/archive/x.md)',
        '        3:8  ../notes.md → ../../notes.md',
        '  2 file(s) would be rewritten; the dashboard would be regenerated.',
        '',
      ].join('\n'),
    );
    const real = await run(dir, ['archive', '--all']);
    expect(real.code).toBe(0);
    expect(readFileSync(join(dir, 'agents/notes.md'), 'utf8')).toBe('- [t][ref](roadmaps/archive/x.md)\n');
  });
});
