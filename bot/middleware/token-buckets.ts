/** What a take from the buckets found: a token, or a refusal that starts a flood, or one more refusal in the same flood. */
export type TakeResult = 'taken' | 'flood-started' | 'flooding';

export interface TokenBucketOptions {
  /** Tokens a bucket holds: how many takes may come at once. */
  burst: number;
  /** Tokens added back per second, up to the burst. */
  perSecond: number;
  /** Milliseconds; tests move it by hand. */
  now: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
  /** Refused since the bucket was last full: further refusals are the same flood. */
  flooding: boolean;
}

/**
 * Token buckets by key, in memory. A bucket that has filled up again is the same as none, so buckets idle
 * that long are dropped (swept at most once per refill time): the map holds only keys seen lately.
 */
export function createTokenBuckets({ burst, perSecond, now }: TokenBucketOptions) {
  const buckets = new Map<string, Bucket>();
  const refillMs = (burst / perSecond) * 1000;
  let sweptAt = now();

  const level = (bucket: Bucket, at: number) => Math.min(burst, bucket.tokens + (Math.max(0, at - bucket.at) / 1000) * perSecond);

  function sweep(at: number): void {
    if (at - sweptAt < refillMs) return;
    sweptAt = at;
    for (const [key, bucket] of buckets) if (level(bucket, at) >= burst) buckets.delete(key);
  }

  function refilled(key: string, at: number): Bucket {
    const bucket = buckets.get(key);
    if (!bucket) {
      const fresh = { tokens: burst, at, flooding: false };
      buckets.set(key, fresh);
      return fresh;
    }
    bucket.tokens = level(bucket, at);
    bucket.at = at;
    if (bucket.tokens >= burst) bucket.flooding = false;
    return bucket;
  }

  return {
    /** Takes one token from each key's bucket, or none when any of them is empty. */
    take(keys: string[]): TakeResult {
      const at = now();
      sweep(at);
      const held = keys.map((key) => refilled(key, at));
      const empty = held.filter((bucket) => bucket.tokens < 1);
      if (empty.length === 0) {
        for (const bucket of held) bucket.tokens -= 1;
        return 'taken';
      }
      const started = empty.some((bucket) => !bucket.flooding);
      for (const bucket of empty) bucket.flooding = true;
      return started ? 'flood-started' : 'flooding';
    },
    /** Takes up to `tokens` more from a key's bucket, without refusing anything now: what a failed try costs its sender. */
    spend(key: string, tokens: number): void {
      const bucket = refilled(key, now());
      bucket.tokens = Math.max(0, bucket.tokens - tokens);
    },
    /** Buckets held now. */
    size: () => buckets.size,
  };
}
export type TokenBuckets = ReturnType<typeof createTokenBuckets>;
