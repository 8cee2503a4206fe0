import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { runSoak, soakOptions, type SoakReport } from '../../bench/soak.js';

t.test('the command line: defaults, fractions of a minute, and a named error for a bad value', async (t) => {
  t.match(soakOptions([]), { minutes: 10, intervalSeconds: 60, updatesPerSecond: 100, clients: 50, pollSeconds: 5, users: 200, out: 'bench/results/soak.json' });
  t.match(soakOptions(['--minutes', '0.5']), { minutes: 0.5, intervalSeconds: 6 });
  t.match(soakOptions(['--minutes', '2', '--interval', '15', '--rate', '20']), { minutes: 2, intervalSeconds: 15, updatesPerSecond: 20 });
  t.throws(() => soakOptions(['--minutes', 'soon']), { message: '--minutes must be a positive number, not soon' });
});

t.test('a short soak at low rates reports each interval, answers every update and counts no errors', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'soak-test-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'soak.json');
  const options = soakOptions(['--minutes', '0.25', '--interval', '5', '--rate', '4', '--clients', '3', '--poll', '2', '--users', '5', '--out', out]);

  const report = await runSoak(options, process.env.TEST_DATABASE_URL);

  t.ok(report.intervals.length >= 2, `intervals reported (${report.intervals.length})`);
  for (const interval of report.intervals) {
    t.match(interval, { updateErrors: 0, pollErrors: 0, botErrors: 0, exceptions: 0 });
    t.ok(interval.rssMb > 0 && interval.heapUsedMb > 0, 'memory sampled');
  }
  t.ok(report.totals.updatesSent > 0, 'updates sent');
  t.equal(report.totals.updatesAnswered, report.totals.updatesSent, 'one answer per update');
  t.equal(report.totals.errors, 0);
  t.ok(report.intervals.some((interval) => interval.polls > 0), 'the console clients polled');
  t.equal(report.totals.broadcasts.length, 2, 'a broadcast at the start and one half-way');
  t.match(report.memory, { verdict: /^(stable|growing|too short to tell)$/ });
  t.same(JSON.parse(await readFile(out, 'utf8')) as SoakReport, report, 'the report is written to --out');
});
