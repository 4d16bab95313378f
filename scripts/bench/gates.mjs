// `gates` on generated corpora: the JSON view (the target: 2,000 roadmaps within 3× bare
// node), the text views, and how many entries the corpus yields, so a figure is never quoted
// for a run that listed nothing.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const BIN = join(import.meta.dirname, '..', '..', 'dist', 'bin.js');

export default async function bench(h) {
  for (const roadmaps of [200, 2000]) {
    const { dir, bytes } = await h.corpus({ roadmaps });
    const doc = JSON.parse(execFileSync(process.execPath, [BIN, 'gates', '--json', '--all'], { cwd: dir }));
    h.line(
      `corpus of ${roadmaps} roadmaps (${(bytes / 1e6).toFixed(1)} MB): ${doc.needsYou} open blockers need you, ${doc.other} others`,
    );
    // The target's figure (2,000 roadmaps): more pairs, so one busy moment moves its median less.
    await h.timeCli(`gates --json, ${roadmaps} roadmaps`, ['gates', '--json'], {
      cwd: dir,
      runs: roadmaps === 2000 ? 21 : 9,
    });
    if (roadmaps === 2000) {
      const ratio = h.lastRatio;
      h.line(`  target ≤ 3× bare node: ${ratio <= 3 ? 'met' : 'MISSED'} (${ratio.toFixed(2)}×)`);
    }
    await h.timeCli(`gates --all (text), ${roadmaps} roadmaps`, ['gates', '--all'], { cwd: dir });
    await h.timeCli(`gates --reply, ${roadmaps} roadmaps`, ['gates', '--reply'], { cwd: dir });
  }
}
