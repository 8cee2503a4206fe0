import t from 'tap';
import { openingState, parseOpeningHours } from '../../api/contract/opening-hours.js';
import { openingStateKept } from '../../bot/answering/opening-states.js';

const KYIV = 'Europe/Kyiv';
const NEW_YORK = 'America/New_York';

t.test('a kept state is the state of its minute, in each zone, and changes at the minute it should', async (t) => {
  const hours = parseOpeningHours('Mo-Fr 09:00-18:00');
  // Wednesday 25 November 2026: 17:59 in Kyiv (UTC+2), 10:59 in New York (UTC−5).
  const lastOpenMinute = new Date('2026-11-25T15:59:00Z');
  const open = { kind: 'open', closes: { weekday: 3, hour: 18, minute: 0, sameDay: true, weekAhead: false } };
  t.strictSame(openingStateKept(hours, KYIV, lastOpenMinute), open, 'open until 18:00 in Kyiv');
  t.strictSame(openingStateKept(hours, KYIV, new Date('2026-11-25T15:59:59.999Z')), open, 'still open at the minute\'s last millisecond');
  t.strictSame(openingStateKept(hours, NEW_YORK, new Date('2026-11-25T15:59:30Z')), openingState(hours, NEW_YORK, new Date('2026-11-25T15:59:30Z')), 'another zone, the same minute: its own state');
  const closed = { kind: 'closed', opens: { weekday: 4, hour: 9, minute: 0, sameDay: false, weekAhead: false } };
  t.strictSame(openingStateKept(hours, KYIV, new Date('2026-11-25T16:00:00Z')), closed, 'closed from 18:00 in Kyiv, opens Thursday');
  t.strictSame(openingStateKept(hours, KYIV, lastOpenMinute), open, 'an earlier minute asked again is computed again');
});

t.test('hours that are not a schedule are unverified', async (t) => {
  t.strictSame(openingStateKept(null, KYIV, new Date('2026-11-25T10:00:00Z')), { kind: 'unverified' });
});

t.test('over a week, a state kept earlier in a minute is the state computed afresh at its end', async (t) => {
  const schedules = ['Mo-Fr 09:00-18:00', 'Mo-Sa 09:00-19:00', 'Mo-Fr 08:00-20:00; Sa 09:00-14:00', '24/7', 'Mo-Fr 08:30-12:15,13:45-17:30'].map(parseOpeningHours);
  const start = Date.parse('2026-11-23T00:00:00Z');
  let differ = 0;
  // Every 7 minutes and 13 seconds, so each minute is asked at different seconds.
  for (let at = start; at < start + 7 * 24 * 3600_000; at += 433_000) {
    for (const hours of schedules) {
      for (const zone of [KYIV, NEW_YORK, 'Asia/Kolkata']) {
        // Kept at one second of the minute, asked again at its last millisecond.
        openingStateKept(hours, zone, new Date(at));
        const later = new Date(at - (at % 60_000) + 59_999);
        if (JSON.stringify(openingStateKept(hours, zone, later)) !== JSON.stringify(openingState(hours, zone, later))) differ += 1;
      }
    }
  }
  t.equal(differ, 0);
});
