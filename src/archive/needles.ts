/** Where one needle of a set occurs in a text. */
export interface NeedleHit {
  start: number;
  needle: string;
}

function commonPrefix(values: string[]): string {
  let prefix = values[0] ?? '';
  for (const v of values) while (!v.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

function commonSuffix(values: string[]): string {
  let suffix = values[0] ?? '';
  for (const v of values) while (!v.endsWith(suffix)) suffix = suffix.slice(1);
  return suffix;
}

/**
 * Finds every occurrence of many fixed strings in a text. Moved roadmaps share a prefix
 * (`agents/roadmaps/`) or a suffix (`.md`): searching that once and checking the few needle
 * lengths at each hit is far cheaper than one scan per needle when hundreds move at once.
 */
export class NeedleSet {
  private readonly needles: string[];
  private readonly set: Set<string>;
  private readonly lengths: number[];
  private readonly anchor: string;
  private readonly anchorAtStart: boolean;

  constructor(needles: Iterable<string>) {
    this.set = new Set([...needles].filter((n) => n.length > 0));
    this.needles = [...this.set];
    this.lengths = [...new Set(this.needles.map((n) => n.length))].sort((a, b) => b - a);
    const prefix = commonPrefix(this.needles);
    const suffix = commonSuffix(this.needles);
    this.anchorAtStart = prefix.length >= suffix.length;
    this.anchor = this.anchorAtStart ? prefix : suffix;
  }

  /** Every occurrence of every needle, by start offset; at one start, longer needles first. */
  find(text: string): NeedleHit[] {
    const hits: NeedleHit[] = [];
    if (this.needles.length === 0) return hits;
    if (this.anchor.length < 2) {
      for (const needle of this.needles) {
        for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1))
          hits.push({ start: i, needle });
      }
    } else {
      const a = this.anchor;
      for (let i = text.indexOf(a); i !== -1; i = text.indexOf(a, i + 1)) {
        for (const length of this.lengths) {
          const start = this.anchorAtStart ? i : i + a.length - length;
          if (start < 0) continue;
          const candidate = text.slice(start, start + length);
          if (this.set.has(candidate)) hits.push({ start, needle: candidate });
        }
      }
    }
    return hits.sort((x, y) => x.start - y.start || y.needle.length - x.needle.length);
  }
}
