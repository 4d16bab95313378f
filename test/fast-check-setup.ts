import fc from 'fast-check';
import { inject } from 'vitest';

// Every property of this run starts from the run's seed (chosen and printed once by
// test/fast-check-seed.ts); a property that passes its own `seed` overrides it.
fc.configureGlobal({ seed: inject('fcSeed') });
