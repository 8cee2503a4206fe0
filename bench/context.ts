import type { Client } from '../sql/database.js';
import type { RunningProduct } from '../scripts/product.js';
import type { Dataset } from './dataset.js';

/** What every benchmark section measures against: the running product over the generated data set. */
export interface BenchContext {
  /** The benchmark database's pool (the product's too). */
  sql: Client;
  /** The benchmark database's URL on an external server, for processes of their own; absent on the embedded database, which only this process reaches. */
  databaseUrl: string | undefined;
  /** The whole product, listening at product.url, on the benchmark database. */
  product: RunningProduct;
  /** A staff account (superadmin) of the product. */
  staff: { username: string; password: string };
  dataset: Dataset;
  /** The size multiplier of the data set; sections scale their sample sizes with it. */
  scale: number;
  /** How long each timed load runs, in seconds. */
  loadSeconds: number;
  /** Where the framework ceiling takes the product's bot from: the build (dist/, as `npm start` runs it) or the sources (tests). */
  botFrom: 'build' | 'sources';
}

/** `size` times the scale, at least `least`. */
export function scaled(context: Pick<BenchContext, 'scale'>, size: number, least: number): number {
  return Math.max(least, Math.round(size * context.scale));
}
