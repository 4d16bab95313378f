import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeRepo } from '../../helpers/repo.js';

export const FILE = 'agents/roadmaps/search.md';

/** A roadmap with one open blocker that lists options and one that does not. */
export const SEARCH = `# Roadmap: search

## Phase 1 — Measure

- [x] Log every failed search

## Phase 2 — Engine

- [ ] Build the index
- [ ] Answer 10 % of searches from it

## Blockers

### blocker: search-engine
- **Status:** open <!-- open | resolved -->
- **Owner:** user
- **Blocks:** Phase 2 — the engine
- **Question:** Postgres or a hosted service?
- **Recommendation:** Postgres: nothing new to run.
- **If you do nothing:** Phase 2 cannot start.
- **What to do:**
  1. Pick one.
- **Options:**
  1. Postgres full-text search (recommended)
  2. A hosted search service
- **Resolved when:** this entry says resolved.

### blocker: rollout-day
- **Status:** open
- **Owner:** user
- **Blocks:** Phase 2
- **Recommendation:** a Tuesday.
- **If you do nothing:** 10 % forever.
- **What to do:** pick a day.
- **Resolved when:** a day is named.
`;

export function searchRepo(files: Record<string, string> = {}): string {
  return makeRepo({ [FILE]: SEARCH, ...files });
}

export const read = (dir: string, file = FILE) => readFileSync(join(dir, file), 'utf8');
