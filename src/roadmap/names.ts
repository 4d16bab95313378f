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
