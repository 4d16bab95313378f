import { escapeHtml } from './escape.js';

/** A number for an SVG attribute: at most two decimals, no trailing zeros, never `-0`. */
export function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(rounded === 0 ? 0 : rounded);
}

/** A round step for about `count` axis ticks up to `max` (1, 2 or 5 times a power of ten). */
export function tickStep(max: number, count = 4): number {
  if (max <= 0) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return Math.max(1, step);
}

/** One series of a line chart: y values by x index, and the class that colours it. */
export interface Series {
  name: string;
  className: string;
  values: readonly number[];
  /** Fill the area below the line as well. */
  area?: boolean;
}

export interface LineChart {
  id: string;
  title: string;
  description: string;
  series: readonly Series[];
  /** Labels of the first and last x positions (dates). */
  xLabels: [string, string];
  width?: number;
  height?: number;
}

/** `x,y` points of a series in chart space. */
function points(values: readonly number[], x: (i: number) => number, y: (v: number) => number): string {
  return values.map((v, i) => `${num(x(i))},${num(y(v))}`).join(' ');
}

/** A burn-up style line chart with a y axis from zero, drawn at build time as plain SVG. */
export function renderLineChart(chart: LineChart): string {
  const width = chart.width ?? 640;
  const height = chart.height ?? 260;
  const left = 44;
  const right = 12;
  const top = 12;
  const bottom = 28;
  const n = Math.max(0, ...chart.series.map((s) => s.values.length));
  const max = Math.max(0, ...chart.series.flatMap((s) => s.values));
  const step = tickStep(max);
  const yMax = Math.max(step, Math.ceil(max / step) * step);
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const x = (i: number) => left + (n <= 1 ? plotW / 2 : (i * plotW) / (n - 1));
  const y = (v: number) => top + plotH - (v * plotH) / yMax;
  const parts: string[] = [];
  for (let v = 0; v <= yMax; v += step) {
    parts.push(
      `<line class="grid" x1="${left}" x2="${width - right}" y1="${num(y(v))}" y2="${num(y(v))}"/>`,
      `<text class="tick" x="${left - 6}" y="${num(y(v) + 4)}" text-anchor="end">${v}</text>`,
    );
  }
  parts.push(
    `<text class="tick" x="${left}" y="${height - 8}" text-anchor="start">${escapeHtml(chart.xLabels[0])}</text>`,
    `<text class="tick" x="${width - right}" y="${height - 8}" text-anchor="end">${escapeHtml(chart.xLabels[1])}</text>`,
  );
  for (const s of chart.series) {
    if (s.values.length === 0) continue;
    const line = points(s.values, x, y);
    if (s.area === true) {
      const base = num(y(0));
      const first = num(x(0));
      const last = num(x(s.values.length - 1));
      parts.push(`<polygon class="area ${s.className}" points="${first},${base} ${line} ${last},${base}"/>`);
    }
    parts.push(`<polyline class="line ${s.className}" points="${line}"/>`);
    if (s.values.length === 1) {
      parts.push(`<circle class="dot ${s.className}" cx="${num(x(0))}" cy="${num(y(s.values[0]!))}" r="3"/>`);
    }
  }
  return [
    `<svg class="chart" id="${chart.id}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${chart.id}-title ${chart.id}-desc">`,
    `<title id="${chart.id}-title">${escapeHtml(chart.title)}</title>`,
    `<desc id="${chart.id}-desc">${escapeHtml(chart.description)}</desc>`,
    ...parts,
    '</svg>',
  ].join('');
}

/**
 * A small step line of percentages (0–100) without axes: `points` are `[index, percent]` pairs in
 * index order, each value holding until the next; the line runs on to the last of `length` places.
 */
export function renderSparkline(
  id: string,
  label: string,
  points: ReadonlyArray<readonly [number, number]>,
  length: number,
): string {
  const width = 160;
  const height = 32;
  const x = (i: number) => (length <= 1 ? width / 2 : 2 + (i * (width - 4)) / (length - 1));
  const y = (v: number) => 2 + ((100 - v) * (height - 4)) / 100;
  const coords: string[] = [];
  points.forEach(([i, v], k) => {
    if (k > 0) coords.push(`${num(x(i))},${num(y(points[k - 1]![1]))}`);
    coords.push(`${num(x(i))},${num(y(v))}`);
  });
  const last = points[points.length - 1];
  if (last !== undefined && last[0] < length - 1) coords.push(`${num(x(length - 1))},${num(y(last[1]))}`);
  const mark =
    last === undefined
      ? ''
      : `<circle class="dot done" cx="${num(x(length - 1))}" cy="${num(y(last[1]))}" r="2.5"/>`;
  return [
    `<svg class="spark" id="${id}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(label)}">`,
    `<line class="grid" x1="0" x2="${width}" y1="${num(y(100))}" y2="${num(y(100))}"/>`,
    `<line class="grid" x1="0" x2="${width}" y1="${num(y(0))}" y2="${num(y(0))}"/>`,
    coords.length < 2 ? '' : `<polyline class="line done" points="${coords.join(' ')}"/>`,
    mark,
    '</svg>',
  ].join('');
}

/** A part of a stacked bar: the class that colours it and its value. */
export interface BarPart {
  className: string;
  value: number;
}

/** One horizontal stacked bar, scaled to its own total (a phase's steps by state). */
export function renderBar(label: string, parts: readonly BarPart[]): string {
  const width = 100;
  const total = parts.reduce((sum, p) => sum + p.value, 0);
  const rects: string[] = [`<rect class="track" x="0" y="0" width="${width}" height="10"/>`];
  let at = 0;
  for (const p of parts) {
    if (p.value === 0 || total === 0) continue;
    const w = (p.value * width) / total;
    rects.push(`<rect class="seg ${p.className}" x="${num(at)}" y="0" width="${num(w)}" height="10"/>`);
    at += w;
  }
  return [
    `<svg class="bar" viewBox="0 0 ${width} 10" preserveAspectRatio="none" role="img" aria-label="${escapeHtml(label)}">`,
    ...rects,
    '</svg>',
  ].join('');
}
