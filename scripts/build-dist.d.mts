/** Builds the library, the CLI bundle, the command and the code cache into `dist` (emptied first). */
export function buildDist(dist?: string): Promise<void>;
