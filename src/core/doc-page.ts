/**
 * Where a person finds a page of agent-config's documentation: in the installed package, from
 * the repository root, e.g. `node_modules/agent-config/docs/guard.md`. A bare `docs/guard.md`
 * would name a file of the person's own repository, which is not there. Every message, help
 * text and generated comment that points to a page names it through this one helper.
 */
export function docPage(page: string): string {
  return `${DOCS_PREFIX}${page}`;
}

/** Where the installed package keeps its documentation, relative to the repository root. */
export const DOCS_PREFIX = 'node_modules/agent-config/docs/';
