import { existsSync } from 'node:fs';
import { join } from 'node:path';
import picomatch from 'picomatch';
import type { Config } from '../core/config.js';
import type { Diagnostic } from '../core/diagnostics.js';
import { InputError } from '../core/errors.js';
import type { SignerTrust } from '../evidence/trust.js';
import type { LintDocument, Scope, Workspace } from '../lint/types.js';
import { roadmapStem } from '../roadmap/names.js';
import { parseRoadmap } from '../roadmap/scanner.js';
import { readDecisionLedger } from './decision-ledger.js';
import {
  EXCLUDED_DIRS,
  isMarkdownName,
  isRoadmapName,
  listMarkdownFiles,
  listRoadmapFiles,
} from './discover.js';
import { readUtf8 } from './read-text.js';

/** Decides which rules' scopes a repository-relative path is in. */
export interface Classifier {
  scopes(rel: string): Set<Scope>;
}

/** Builds the scope test from the configuration: roadmap folder, failure-signature and stable-doc globs. */
export function createClassifier(config: Config): Classifier {
  const isFailureDoc = picomatch(config.failureSignatures);
  const isStable = picomatch(config.stableDocs);
  const isVerdict = picomatch(config.verdicts);
  const prefix = `${config.roadmaps}/`;
  return {
    scopes(rel) {
      const scopes = new Set<Scope>();
      if (rel.startsWith(prefix)) {
        const parts = rel.slice(prefix.length).split('/');
        const name = parts.pop()!;
        if (isRoadmapName(name) && !parts.some((p) => EXCLUDED_DIRS.has(p))) scopes.add('roadmap');
      }
      if (isFailureDoc(rel)) scopes.add('failure-signatures');
      if (isStable(rel)) scopes.add('stable-doc');
      if (isVerdict(rel)) scopes.add('verdict');
      return scopes;
    },
  };
}

/** Reads a file for linting; bytes that are not UTF-8 become findings, not a refusal. */
function readForLint(root: string, rel: string): { text: string; invalidUtf8: boolean } {
  const read = readUtf8(join(root, rel));
  if ('errorCode' in read) throw new InputError(`cannot be read (${read.errorCode})`, rel, read.fix);
  return read;
}

/** A LintDocument for a path, or null when no rule applies (a draft roadmap drops out of the roadmap scope). */
export function loadDocument(
  root: string,
  config: Config,
  rel: string,
  scopes: Set<Scope>,
): LintDocument | null {
  if (scopes.size === 0) return null;
  const { text, invalidUtf8 } = readForLint(root, rel);
  let roadmap = null;
  if (scopes.has('roadmap')) {
    roadmap = parseRoadmap(text, { rel: rel.slice(config.roadmaps.length + 1), file: rel });
    if (roadmap.draft) {
      scopes.delete('roadmap');
      roadmap = null;
      if (scopes.size === 0) return null;
    }
  }
  return { file: rel, text, scopes, roadmap, invalidUtf8 };
}

/** Files the globs name: a glob's static folder is walked, a plain path is checked directly. */
function globFiles(root: string, globs: readonly string[], keep = isMarkdownName): string[] {
  const bases = new Set<string>();
  const files: string[] = [];
  for (const glob of globs) {
    const scan = picomatch.scan(glob);
    if (!scan.isGlob) {
      if (existsSync(join(root, glob))) files.push(glob);
    } else {
      bases.add(scan.base);
    }
  }
  const sorted = [...bases].sort();
  // `docs` already covers `docs/guidelines`: walk each folder once.
  const roots = sorted.filter((b) => !sorted.some((o) => o !== b && (o === '' || b.startsWith(`${o}/`))));
  for (const base of roots) for (const file of listMarkdownFiles(root, base, keep)) files.push(file);
  return files;
}

/** Every file the whole-repository lint looks at, sorted, each once, and warnings about the walk. */
export function allTargets(root: string, config: Config): { files: string[]; warnings: Diagnostic[] } {
  const listing = listRoadmapFiles(root, config.roadmaps);
  if (listing.problems.length > 0) {
    const p = listing.problems[0]!;
    throw new InputError(p.message, p.file, p.fix);
  }
  const files = new Set(listing.files.map((f) => `${config.roadmaps}/${f}`));
  for (const f of globFiles(root, [...config.failureSignatures, ...config.stableDocs])) files.add(f);
  // Verdicts are JSON: their folders are walked for every file, and the globs pick them.
  const isVerdict = picomatch(config.verdicts);
  for (const f of globFiles(root, config.verdicts, () => true)) if (isVerdict(f)) files.add(f);
  return { files: [...files].sort(), warnings: listing.warnings };
}

const ELSEWHERE = ['archive', 'later', 'skipped', 'stubs'];

/** Answers `<stem>#<id>` lookups from the documents already loaded, reading other roadmaps only on demand. */
export function createWorkspace(
  root: string,
  config: Config,
  loaded: ReadonlyMap<string, LintDocument>,
  signing: { trust: SignerTrust; now: Date } | null = null,
): Workspace {
  let byStem: Map<string, string[]> | undefined;
  let decisions: ReturnType<typeof readDecisionLedger> | undefined;
  const parsed = new Map<string, LintDocument | null>();
  const load = (rel: string) => {
    if (loaded.has(rel)) return loaded.get(rel)!;
    if (!parsed.has(rel)) parsed.set(rel, loadDocument(root, config, rel, new Set<Scope>(['roadmap'])));
    return parsed.get(rel) ?? null;
  };
  return {
    roadmapsDir: config.roadmaps,
    findRoadmaps(stem) {
      if (byStem === undefined) {
        byStem = new Map();
        for (const f of listRoadmapFiles(root, config.roadmaps).files) {
          const s = roadmapStem(f);
          byStem.set(s, [...(byStem.get(s) ?? []), `${config.roadmaps}/${f}`]);
        }
      }
      const active = (byStem.get(stem) ?? []).flatMap((rel) => load(rel)?.roadmap ?? []);
      const elsewhere = ELSEWHERE.filter((d) => existsSync(join(root, config.roadmaps, d, `${stem}.md`)));
      return { active, elsewhere };
    },
    decisions() {
      decisions ??= readDecisionLedger(root, signing?.trust ?? null, signing?.now ?? new Date(0));
      return decisions;
    },
  };
}
