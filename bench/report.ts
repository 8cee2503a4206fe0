/** One figure `npm run bench` measured, with the budget for it when there is one. */
export interface Figure {
  /** What was measured, e.g. "Bot lookup latency p99". */
  metric: string;
  value: number;
  /** "ms", "updates/s", "rows/s", "msg/s", "bytes", "KB", "MB", "s", "×" (a ratio) or a count's noun. */
  unit: string;
  /** The budget: the value must be below (`<`) or at least (`>=`) this. */
  target?: { op: '<' | '>='; value: number };
  /** Sample size and the rest of the distribution, e.g. "n = 3,000; p50 0.8, p95 1.2". */
  detail?: string;
}

/** A group of figures measured together, with the raw measurements for results.json. */
export interface BenchSection {
  title: string;
  figures: Figure[];
  raw: unknown;
}

/** Whether a figure is within its budget; undefined when it has none. */
export function withinBudget(figure: Figure): boolean | undefined {
  if (!figure.target) return undefined;
  return figure.target.op === '<' ? figure.value < figure.target.value : figure.value >= figure.target.value;
}
