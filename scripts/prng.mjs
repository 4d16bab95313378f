// A small seeded pseudo-random generator (mulberry32), shared by the bench corpus and the
// generated test repositories so both stay deterministic for a seed.

/** A function returning numbers in [0, 1), the same sequence for the same seed. */
export function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
