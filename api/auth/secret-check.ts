import { createHash, timingSafeEqual } from 'node:crypto';

/** Digests have one length whatever the input, so comparing them leaks neither the secret nor its length. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares what a caller presents with a secret (a webhook's secret token, METRICS_TOKEN) in constant time. */
export function secretCheck(secret: string): (given: string | undefined) => boolean {
  const expected = digest(secret);
  return (given) => given !== undefined && timingSafeEqual(digest(given), expected);
}
