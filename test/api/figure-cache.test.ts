import t from 'tap';
import { createFigureCache } from '../../api/analytics/figure-cache.js';
import { createTestClock } from '../helpers/clock.js';

/** A computation the test finishes by hand, counting how often it was started. */
function controlled() {
  let started = 0;
  const pending: ((value: number) => void)[] = [];
  return {
    compute: () => {
      started += 1;
      return new Promise<number>((resolve) => pending.push(resolve));
    },
    finish: (value: number) => pending.shift()!(value),
    started: () => started,
  };
}

t.test('concurrent callers share one computation, kept for its time to live', async (t) => {
  const clock = createTestClock();
  const cache = createFigureCache(clock.now);
  const work = controlled();
  const [first, second] = [cache('k', 60_000, work.compute), cache('k', 60_000, work.compute)];
  work.finish(1);
  t.same(await first, { value: 1, computedAt: clock.now() });
  t.same(await second, await first);
  clock.advance(59_999);
  t.equal((await cache('k', 60_000, work.compute)).value, 1, 'still fresh');
  t.equal(work.started(), 1);
});

t.test('once too old, the first caller waits for new figures while the others get the old ones', async (t) => {
  const clock = createTestClock();
  const cache = createFigureCache(clock.now);
  const work = controlled();
  const initial = cache('k', 60_000, work.compute);
  work.finish(1);
  await initial;
  clock.advance(60_000);
  const refreshing = cache('k', 60_000, work.compute);
  const meanwhile = await cache('k', 60_000, work.compute);
  t.equal(meanwhile.value, 1, 'the old figures, while the new ones are computed');
  t.equal(work.started(), 2, 'one new computation');
  work.finish(2);
  t.same(await refreshing, { value: 2, computedAt: clock.now() });
  t.equal((await cache('k', 60_000, work.compute)).value, 2, 'then the new ones for everyone');
});

t.test('a failed computation is not kept', async (t) => {
  const clock = createTestClock();
  const cache = createFigureCache(clock.now);
  await t.rejects(cache('k', 60_000, () => Promise.reject(new Error('database gone'))));
  t.equal((await cache('k', 60_000, async () => 3)).value, 3, 'the next caller computes again');
  clock.advance(60_000);
  await t.rejects(cache('k', 60_000, () => Promise.reject(new Error('database gone'))), 'a failed refresh fails its caller');
  t.equal((await cache('k', 60_000, async () => 4)).value, 4, 'and the next caller refreshes again');
});

t.test('asked with no time to live (Refresh), a caller gets figures computed now, or joins the computation under way', async (t) => {
  const clock = createTestClock();
  const cache = createFigureCache(clock.now);
  const work = controlled();
  const kept = cache('k', 60_000, work.compute);
  work.finish(1);
  await kept;
  clock.advance(1_000);
  const fresh = cache('k', 0, work.compute);
  t.equal(work.started(), 2, 'kept figures a second old are computed again');
  const joined = cache('k', 0, work.compute);
  t.equal(work.started(), 2, 'a second Refresh meanwhile joins that computation');
  t.equal((await cache('k', 60_000, work.compute)).value, 1, 'the others keep the kept figures meanwhile');
  work.finish(2);
  t.equal((await fresh).value, 2);
  t.equal((await joined).value, 2, 'not the older figures');
  t.equal((await cache('k', 60_000, work.compute)).value, 2, 'and the new figures are kept for everyone');
});
