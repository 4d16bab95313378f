import { join } from 'node:path';
import { writeFileAtomic } from '../../repo/atomic-write.js';

/** Replaces a roadmap's text in one rename: a reader sees the old file or the new, never half. */
export function writeRoadmapText(root: string, file: string, text: string): void {
  writeFileAtomic(join(root, file), text);
}
