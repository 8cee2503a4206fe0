/** A seeded pseudo-random source: the same seed gives the same sequence, run after run. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A number in [min, max). */
  float(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One of the items, each as likely as its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
  /** A log-normal sample: half fall below the median; sigma widens the long tail. */
  logNormal(median: number, sigma: number): number;
}

/** mulberry32: small, fast and good enough for demo data; never Math.random. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted(items) {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let left = next() * total;
      for (const [item, weight] of items) {
        left -= weight;
        if (left < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    shuffle(items) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
    logNormal(median, sigma) {
      // Box–Muller; 1 - next() keeps the logarithm finite.
      const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
      return median * Math.exp(sigma * normal);
    },
  };
  return random;
}
