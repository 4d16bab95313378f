import type { TestProject } from 'vitest/node';

// One seed for every fast-check property of a test run (vitest `globalSetup`): FC_SEED when
// set (CI sets a fixed one in .ci/run), otherwise a random one. It is printed once at the start
// of the run, and fast-check names it again in any failure, so a red run can be replayed with
// `FC_SEED=<n> npx vitest run <file>`. test/fast-check-setup.ts hands it to fast-check.

declare module 'vitest' {
  export interface ProvidedContext {
    fcSeed: number;
  }
}

const MIN = -(2 ** 31);
const MAX = 2 ** 31 - 1;

/** The run's seed from FC_SEED's value, or a random 32-bit one; `log` is told it once. */
export function chooseSeed(
  value: string | undefined,
  random: () => number,
  log: (line: string) => void,
): number {
  const text = value?.trim() ?? '';
  let seed: number;
  if (text === '') {
    seed = MIN + Math.floor(random() * 2 ** 32);
  } else {
    seed = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(seed >= MIN && seed <= MAX)) {
      throw new Error(
        `FC_SEED must be an integer from ${MIN} to ${MAX} (got ${JSON.stringify(value)}): unset it for a random seed`,
      );
    }
  }
  log(`fast-check seed ${seed} (replay a failure: FC_SEED=${seed} npx vitest run <file>)`);
  return seed;
}

export function setup(project: TestProject): void {
  let seed: number;
  try {
    seed = chooseSeed(process.env.FC_SEED, Math.random, (line) => console.log(line));
  } catch (error) {
    // One line and exit 2 before any test starts, not a stack under "No test files found".
    console.error((error as Error).message);
    process.exit(2);
  }
  project.provide('fcSeed', seed);
}
