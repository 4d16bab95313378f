/**
 * Every character above U+007F that a regular expression's `\s` matches (and `trim` removes):
 * computed from `\s` itself, so the list cannot miss one.
 */
export const WHITE_SPACE_BEYOND_ASCII: readonly string[] = Array.from({ length: 0x10000 - 0x80 }, (_, i) =>
  String.fromCharCode(0x80 + i),
).filter((ch) => /\s/.test(ch));
