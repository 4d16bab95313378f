/** The bench's fixed everyday set for the hook: commands no rule guards (see hook.mjs). */
export const EVERYDAY: readonly string[];
export default function bench(h: unknown): Promise<void>;
