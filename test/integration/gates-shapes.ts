// The "every shape" tree the gates golden files are rendered from: blockers of every kind,
// ties in weight, nested folders, and the files gates must never read.

const steps = (open: number, done = 1) =>
  [...Array.from({ length: open }, (_, i) => `- [ ] step ${i + 1}`), ...Array(done).fill('- [x] done')].join(
    '\n',
  );

export const SHAPES: Record<string, string> = {
  'agents/roadmaps/big.md': `---
status: ready
---

# Roadmap: Big

> Blocked until: the vendor API ships v2
> and the contract is signed.

## Phase 1 — Build

${steps(5)}

## Blockers

### blocker: pick-name
- **Status:** open
- **Owner:** user
- **Blocks:** Phase 5 — publishing 1.0 to the npm registry
- **Question:** Under which npm name do we publish: \`agent-config\` or a scoped name?
- **Recommendation:** a scoped name (\`@agent-config/cli\`): the bare name may be taken and a scope keeps room for plugins.
- **If you do nothing:** 1.0 is built and tested but never published; users install from git.
- **What to do:**
  1. Pick the name (\`agent-config\` or \`@agent-config/cli\`).

  2. Record it in \`package.json\`
     and in this entry.
- **Options:**
  1. \`@agent-config/cli\` (recommended)
  2. \`agent-config\`, if the bare name is still free
- **Resolved when:** \`package.json\` carries the chosen name and this entry says \`resolved\`.

### blocker: rotate-keys
- **Status:** open
- **Owner:** maintainer (security role)
- **Blocks:** Phase 1 — deploy
- **What to do:** rotate the signing keys
- **Resolved when:** the new key id is in the runbook.

### blocker: already-done
- **Status:** RESOLVED 2026-08-17 — option (b)
- **Owner:** user
- **Blocks:** nothing any more
- **What to do:** nothing
- **Resolved when:** done.

### blocker: bare

### blocker: spend
- **Status:** open — resolved once finance answers
- **Owner:** user (billable spend)
- **Class:** 1 — budget-preauthorized
- **Run:** \`npm run bench\`
- **Blocks:** Phase 1 — the benchmark runner
- **Recommendation:** approve up to 20 runner hours a month.
- **What to do:** approve the budget in the finance tool; the runner
  starts on the next push.
- **Options:** (a) approve, (b) decline
- **Resolved when:** the budget line exists.
`,
  'agents/roadmaps/topic/nested.md': `# Nested topic

## Phase 1

${steps(5)}

\`\`\`markdown
## Blockers

### blocker: only-an-example
- **Status:** open
- **Owner:** user
\`\`\`

## Blockers

### blocker: vendor-answer
- **Status:** open
- **Owner:** external
- **Blocks:** Phase 1 — integration
- **What to do:**
  - wait for the vendor's reply
  - chase them on Friday
- **Resolved when:** the vendor confirmed the rate limit in writing.
`,
  'agents/roadmaps/zero.md': `# Zero open

## Phase 1

${steps(0, 3)}

## Blockers

### blocker: sign-off
- **Owner:** User
- **Blocks:** the release note
- **Recommendation:** sign it.
- **What to do:** read the note and say yes
- **Resolved when:** signed.
`,
  'agents/roadmaps/legacy-only.md': `# Legacy only

> Blocked until: the security review of the storage layer is finished

## Phase 1

${steps(2)}
`,
  'agents/roadmaps/draft.md': `---
status: draft
---

# Draft

## Phase 1

- [ ] x

## Blockers

### blocker: hidden-draft
- **Owner:** user
`,
  'agents/roadmaps/archive/old.md': `# Old

## Phase 1

- [ ] x

## Blockers

### blocker: hidden-archive
- **Owner:** user
`,
  'agents/roadmaps/later/parked.md': `# Parked

## Phase 1

- [ ] x

## Blockers

### blocker: hidden-later
- **Owner:** user
`,
  'agents/roadmaps/README.md': '# Readme\n\n## Phase 1\n\n## Blockers\n\n### blocker: hidden-readme\n',
};

/** A roadmap written to clear, recolour, retitle and reorder the terminal. */
export const HOSTILE: Record<string, string> = {
  'agents/roadmaps/hostile.md': `# Hostile

## Phase 1

- [ ] a

## Blockers

### blocker: clear\x1b[2J\x1b[H
- **Owner:** user
- **Blocks:** Phase 1\x1b]0;pwned\x07 — \x1b[31mred\x1b[0m
- **Question:** approve\u202Eevil\u202C?
- **Recommendation:** safe\rUNSAFE overwrite
- **What to do:**
  1. run it\x08\x08\x08
  2. zero\u200Bwidth and tag\u{E0041}
- **Resolved when:** done\u0085
`,
};
