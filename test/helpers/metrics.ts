import { createMetrics, type Metrics } from '../../scripts/metrics.js';

/** A registry of the test's own, its gauges reading the given sources (0 unless given). */
export function someMetrics(sources: Partial<Parameters<typeof createMetrics>[0]> = {}): Metrics {
  return createMetrics({ logRowsPending: () => 0, dbPoolWaiting: () => 0, ...sources });
}

/** The value of one sample, named with its labels as the exposition writes them (`name{label="value"}`); undefined when absent. */
export async function sample(metrics: Metrics, series: string): Promise<number | undefined> {
  const { text } = await metrics.exposition();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
