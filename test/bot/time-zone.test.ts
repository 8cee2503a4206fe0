import t from 'tap';
import { isValidTimeZone, localDay, nextMidnight } from '../../api/contract/time-zone.js';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

t.test('localDay is the calendar day on the zone\'s wall clock', async (t) => {
  t.equal(localDay(at('2026-11-22T22:59:59.999Z'), 'Europe/Berlin'), '2026-11-22');
  t.equal(localDay(at('2026-11-22T23:00:00Z'), 'Europe/Berlin'), '2026-11-23', 'midnight belongs to the new day');
  t.equal(localDay(at('2026-11-23T03:00:00Z'), 'America/New_York'), '2026-11-22');
  t.equal(localDay(at('2026-11-23T03:00:00Z'), 'UTC'), '2026-11-23');
  t.equal(localDay(at('2026-12-31T23:30:00Z'), 'Asia/Tokyo'), '2027-01-01', 'across a year');
  t.equal(localDay(at('2026-03-01T05:00:00Z'), 'America/New_York'), '2026-03-01');
  t.equal(localDay(at('2028-02-29T12:00:00Z'), 'Europe/Berlin'), '2028-02-29', 'a leap day');
});

t.test('nextMidnight in UTC', async (t) => {
  t.same(nextMidnight(at('2026-11-21T10:00:00Z'), 'UTC'), at('2026-11-22T00:00:00Z'));
  t.same(nextMidnight(at('2026-11-21T00:00:00Z'), 'UTC'), at('2026-11-22T00:00:00Z'), 'at midnight, the next one');
  t.same(nextMidnight(at('2026-12-31T23:59:59.500Z'), 'UTC'), at('2027-01-01T00:00:00Z'));
});

t.test('nextMidnight across daylight saving time in Europe/Berlin', async (t) => {
  // Clocks go forward at 02:00 on 29 March 2026 and back at 03:00 on 25 October 2026.
  t.same(nextMidnight(at('2026-03-28T12:00:00Z'), 'Europe/Berlin'), at('2026-03-28T23:00:00Z'), 'the midnight before the change is in winter time');
  t.same(nextMidnight(at('2026-03-29T00:30:00Z'), 'Europe/Berlin'), at('2026-03-29T22:00:00Z'), 'from before the change, the midnight after it');
  t.same(nextMidnight(at('2026-03-29T12:00:00Z'), 'Europe/Berlin'), at('2026-03-29T22:00:00Z'));
  t.equal(nextMidnight(at('2026-03-29T12:00:00Z'), 'Europe/Berlin').getTime() - nextMidnight(at('2026-03-28T12:00:00Z'), 'Europe/Berlin').getTime(), 23 * HOUR, 'a 23-hour day');
  t.same(nextMidnight(at('2026-10-24T12:00:00Z'), 'Europe/Berlin'), at('2026-10-24T22:00:00Z'));
  t.same(nextMidnight(at('2026-10-25T01:30:00Z'), 'Europe/Berlin'), at('2026-10-25T23:00:00Z'), 'in the repeated hour');
  t.equal(nextMidnight(at('2026-10-25T12:00:00Z'), 'Europe/Berlin').getTime() - nextMidnight(at('2026-10-24T12:00:00Z'), 'Europe/Berlin').getTime(), 25 * HOUR, 'a 25-hour day');
  t.same(nextMidnight(at('2026-11-22T23:00:00Z'), 'Europe/Berlin'), at('2026-11-23T23:00:00Z'), 'at midnight, the next one');
});

t.test('nextMidnight across daylight saving time in America/New_York', async (t) => {
  // Clocks go forward at 02:00 on 8 March 2026 and back at 02:00 on 1 November 2026.
  t.same(nextMidnight(at('2026-03-07T12:00:00Z'), 'America/New_York'), at('2026-03-08T05:00:00Z'));
  t.same(nextMidnight(at('2026-03-08T06:59:59.999Z'), 'America/New_York'), at('2026-03-09T04:00:00Z'), 'just before the change');
  t.same(nextMidnight(at('2026-03-08T12:00:00Z'), 'America/New_York'), at('2026-03-09T04:00:00Z'));
  t.same(nextMidnight(at('2026-10-31T12:00:00Z'), 'America/New_York'), at('2026-11-01T04:00:00Z'));
  t.same(nextMidnight(at('2026-11-01T05:30:00Z'), 'America/New_York'), at('2026-11-02T05:00:00Z'), 'in the repeated hour');
  t.same(nextMidnight(at('2026-11-01T12:00:00Z'), 'America/New_York'), at('2026-11-02T05:00:00Z'));
});

t.test('every 137 minutes of a year: nextMidnight is after it, on the next local day, and a local midnight', async (t) => {
  for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
    let bad = 0;
    for (let time = at('2026-01-01T00:00:00Z').getTime(); time < at('2027-01-01T00:00:00Z').getTime(); time += 137 * 60_000) {
      const instant = new Date(time);
      const midnight = nextMidnight(instant, zone);
      const ok = midnight > instant && localDay(midnight, zone) !== localDay(instant, zone) && localDay(new Date(midnight.getTime() - 1), zone) === localDay(instant, zone);
      if (!ok) bad += 1;
    }
    t.equal(bad, 0, zone);
  }
});

t.test('where the clocks jump over midnight, the reset is the first instant of the new day', { todo: 'nextMidnight lands an hour early (bot/time-zone.ts); only the shown reset time is affected' }, async (t) => {
  // Chile moves its clocks from 00:00 to 01:00 on 6 September 2026: that day begins at 04:00 UTC.
  t.same(nextMidnight(at('2026-09-05T12:00:00Z'), 'America/Santiago'), at('2026-09-06T04:00:00Z'));
});

t.test('isValidTimeZone', async (t) => {
  t.ok(isValidTimeZone('Europe/Berlin'));
  t.ok(isValidTimeZone('UTC'));
  t.notOk(isValidTimeZone('Mars/Olympus_Mons'));
  t.notOk(isValidTimeZone(''));
});
