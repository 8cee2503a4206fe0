import t from 'tap';
import { createTokenBuckets } from '../../bot/middleware/token-buckets.js';

const clock = () => {
  let ms = 0;
  return { now: () => ms, advance: (by: number) => (ms += by) };
};

t.test('a burst, then one a second', async (t) => {
  const time = clock();
  const buckets = createTokenBuckets({ burst: 5, perSecond: 1, now: time.now });
  const takes = Array.from({ length: 8 }, () => buckets.take(['a']));
  t.strictSame(takes, ['taken', 'taken', 'taken', 'taken', 'taken', 'flood-started', 'flooding', 'flooding']);
  t.equal(buckets.take(['b']), 'taken', 'another key has its own bucket');
  time.advance(999);
  t.equal(buckets.take(['a']), 'flooding');
  time.advance(1);
  t.equal(buckets.take(['a']), 'taken');
  t.equal(buckets.take(['a']), 'flooding', 'the flood goes on until the bucket is full again');
  time.advance(5000);
  t.equal(buckets.take(['a']), 'taken');
});

t.test('a take needs a token from every key, and takes none when one is empty', async (t) => {
  const time = clock();
  const buckets = createTokenBuckets({ burst: 2, perSecond: 1, now: time.now });
  t.equal(buckets.take(['user', 'group']), 'taken');
  t.equal(buckets.take(['other', 'group']), 'taken');
  t.equal(buckets.take(['third', 'group']), 'flood-started');
  t.equal(buckets.take(['user']), 'taken', 'the refused take left the user their token');
});

t.test('buckets idle until full again are forgotten', async (t) => {
  const time = clock();
  const buckets = createTokenBuckets({ burst: 5, perSecond: 1, now: time.now });
  for (let key = 0; key < 1000; key += 1) buckets.take([String(key)]);
  t.equal(buckets.size(), 1000);
  time.advance(5000);
  buckets.take(['late']);
  t.equal(buckets.size(), 1, 'only the bucket just used');
});
