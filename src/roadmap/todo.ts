// A `What to do` line that opens a step: an authored `1.`/`2)` number or a `-`/`*`/`+` bullet.
const STEP_START = /^(?:\d+[.)]|[-*+])\s/;

/**
 * Regroups the raw `What to do` lines of a blocker into steps, as upstream's `regroupTodo`:
 * a numbered or bulleted line starts a step, any other line continues the one before it
 * (joined with one space). Authored markers are kept, never renumbered.
 */
export function regroupTodo(lines: readonly string[]): string[] {
  const steps: string[] = [];
  for (const line of lines) {
    if (steps.length === 0 || STEP_START.test(line)) steps.push(line);
    else steps[steps.length - 1] = `${steps[steps.length - 1]} ${line}`;
  }
  return steps;
}
