/** Folders below the roadmap root that never hold active roadmaps. */
export const EXCLUDED_DIRS: ReadonlySet<string> = new Set(['archive', 'skipped', 'stubs', 'later']);

/** Upstream's name test: no templates, READMEs, dashboards or question logs. */
export function isRoadmapName(name: string): boolean {
  if (!name.endsWith('.md')) return false;
  if (
    name === 'template.md' ||
    name === 'README.md' ||
    name === 'progress.md' ||
    name === 'roadmaps-progress.md'
  ) {
    return false;
  }
  return !name.startsWith('open-questions');
}

// How roadmaps are named in references: the file name without `.md` for `<stem>#<id>`
// blocker references and titles, the path below the roadmap root without `.md` for deferrals.

function withoutMd(path: string): string {
  return path.endsWith('.md') ? path.slice(0, -3) : path;
}

/** A roadmap's file name without `.md` (`team/road-to-x.md` → `road-to-x`). */
export function roadmapStem(rel: string): string {
  return withoutMd(rel.slice(rel.lastIndexOf('/') + 1));
}

/** A roadmap's path below the roadmap root without `.md` (`team/road-to-x.md` → `team/road-to-x`). */
export function roadmapSlug(rel: string): string {
  return withoutMd(rel);
}
