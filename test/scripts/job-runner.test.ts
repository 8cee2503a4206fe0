import t from 'tap';
import { createJobRunner } from '../../scripts/job-runner.js';
import { createTestClock } from '../helpers/clock.js';

const MINUTE = 60_000;

/** A promise the test settles by hand: a job run that takes as long as the test wants. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

function setUp() {
  const clock = createTestClock();
  const errors: { job: string; message: string }[] = [];
  const runner = createJobRunner({ clock, onError: (job, error) => errors.push({ job, message: (error as Error).message }) });
  return { clock, errors, runner };
}

t.test('a job runs at start, then once per interval after its previous run, with the time of the run', async (t) => {
  const { clock, runner } = setUp();
  const runsAt: string[] = [];
  runner.every('roll-up', MINUTE, async (now) => void runsAt.push(now.toISOString()));
  runner.start();
  await runner.whenIdle();
  t.strictSame(runsAt, ['2026-11-21T10:00:00.000Z'], 'ran at start');

  clock.advance(MINUTE - 1);
  await runner.whenIdle();
  t.equal(runsAt.length, 1, 'not before the interval is up');
  clock.advance(1);
  await runner.whenIdle();
  clock.advance(MINUTE);
  await runner.whenIdle();
  t.strictSame(runsAt, ['2026-11-21T10:00:00.000Z', '2026-11-21T10:01:00.000Z', '2026-11-21T10:02:00.000Z']);
  await runner.stop();
});

t.test('a heavy job can wait before its first run, then keeps its interval', async (t) => {
  const { clock, runner } = setUp();
  const runsAt: string[] = [];
  runner.every('backup', 60 * MINUTE, async (now) => void runsAt.push(now.toISOString()), { firstRunAfterMs: MINUTE });
  runner.start();
  await runner.whenIdle();
  t.strictSame(runsAt, [], 'not at start');
  clock.advance(MINUTE);
  await runner.whenIdle();
  clock.advance(60 * MINUTE);
  await runner.whenIdle();
  t.strictSame(runsAt, ['2026-11-21T10:01:00.000Z', '2026-11-21T11:01:00.000Z']);
  await runner.stop();
});

t.test('a run that outlasts the interval is not overlapped by the next', async (t) => {
  const { clock, runner } = setUp();
  const slowRun = deferred();
  let started = 0;
  let running = 0;
  let mostAtOnce = 0;
  runner.every('slow', MINUTE, async () => {
    started += 1;
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    if (started === 1) await slowRun.promise;
    running -= 1;
  });
  runner.start();
  clock.advance(10 * MINUTE);
  t.equal(started, 1, 'ten intervals pass while the first run is still going: no second run');
  t.equal(clock.pendingTimers(), 0, 'and none is scheduled');

  slowRun.resolve();
  await runner.whenIdle();
  clock.advance(MINUTE);
  await runner.whenIdle();
  t.equal(started, 2, 'the next run comes an interval after the slow one ended');
  t.equal(mostAtOnce, 1);
  await runner.stop();
});

t.test('a failing run is reported, and the job and the other jobs keep running', async (t) => {
  const { clock, errors, runner } = setUp();
  let flakyRuns = 0;
  let steadyRuns = 0;
  runner.every('flaky', MINUTE, async () => {
    flakyRuns += 1;
    if (flakyRuns === 1) throw new Error('database went away');
  });
  runner.every('steady', MINUTE, async () => void (steadyRuns += 1));
  runner.start();
  await runner.whenIdle();
  t.strictSame(errors, [{ job: 'flaky', message: 'database went away' }]);

  clock.advance(MINUTE);
  await runner.whenIdle();
  t.equal(flakyRuns, 2, 'the failed job runs again on time');
  t.equal(steadyRuns, 2, 'the other job was not disturbed');
  t.equal(errors.length, 1, 'the second run succeeded');
  await runner.stop();
});

t.test('stop waits for the run in progress and cancels the coming ones', async (t) => {
  const { clock, runner } = setUp();
  const run = deferred();
  let runs = 0;
  let finished = false;
  runner.every('long', MINUTE, async () => {
    runs += 1;
    await run.promise;
    finished = true;
  });
  runner.every('idle', MINUTE, async () => {});
  runner.start();

  let stopped = false;
  const stopping = runner.stop().then(() => (stopped = true));
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(stopped, false, 'stop is still waiting for the run in progress');
  run.resolve();
  await stopping;
  t.equal(finished, true, 'the run in progress finished before stop resolved');

  t.equal(clock.pendingTimers(), 0, 'no run is scheduled after stop');
  clock.advance(10 * MINUTE);
  await runner.whenIdle();
  t.equal(runs, 1, 'and none happens');
});
