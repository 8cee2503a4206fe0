import t from 'tap';
import {
  hoursKind,
  isOpenAt,
  normalizeOpeningHours,
  openingHoursError,
  openingState,
  parseOpeningHours,
} from '../../api/contract/opening-hours.js';

const KYIV = 'Europe/Kyiv';
const NEW_YORK = 'America/New_York';
// Wednesday 25 November 2026: Kyiv is UTC+2, New York UTC−5 (no summer time either side).
const WEDNESDAY_10_UTC = new Date('2026-11-25T10:00:00Z');
// Friday 27 November 2026, 20:00 UTC: 22:00 in Kyiv, 15:00 in New York.
const FRIDAY_20_UTC = new Date('2026-11-27T20:00:00Z');

t.test('a weekday schedule is open or closed by the contact\'s own clock', async (t) => {
  const hours = parseOpeningHours('Mo-Fr 09:00-18:00');
  t.strictSame(openingState(hours, KYIV, WEDNESDAY_10_UTC), { kind: 'open', closes: { weekday: 3, hour: 18, minute: 0, sameDay: true, weekAhead: false } }, 'noon in Kyiv: open');
  t.strictSame(openingState(hours, NEW_YORK, WEDNESDAY_10_UTC), { kind: 'closed', opens: { weekday: 3, hour: 9, minute: 0, sameDay: true, weekAhead: false } }, '05:00 in New York: opens at 09:00 today');
  t.strictSame(openingState(hours, KYIV, FRIDAY_20_UTC), { kind: 'closed', opens: { weekday: 1, hour: 9, minute: 0, sameDay: false, weekAhead: false } }, 'Friday 22:00 in Kyiv: opens Monday');
  t.strictSame(openingState(hours, NEW_YORK, FRIDAY_20_UTC), { kind: 'open', closes: { weekday: 5, hour: 18, minute: 0, sameDay: true, weekAhead: false } }, 'Friday 15:00 in New York: open');
  t.ok(isOpenAt(hours, NEW_YORK, FRIDAY_20_UTC));
  t.notOk(isOpenAt(hours, KYIV, FRIDAY_20_UTC));
});

t.test('24/7 and its equivalents are open around the clock in any zone', async (t) => {
  for (const text of ['24/7', 'Mo-Su 00:00-24:00']) {
    t.equal(hoursKind(text), 'always', text);
    for (const zone of [KYIV, NEW_YORK]) t.strictSame(openingState(parseOpeningHours(text), zone, FRIDAY_20_UTC), { kind: 'always' }, `${text} in ${zone}`);
  }
  t.equal(hoursKind('Mo-Fr 09:00-18:00'), 'scheduled');
  t.equal(hoursKind(''), 'none');
});

t.test('hours that never say when the contact is open are not verified', async (t) => {
  for (const text of ['By appointment', 'off', 'unknown', 'whenever you like', 'Mo-Fr 09:00-']) {
    t.equal(parseOpeningHours(text), null, text);
    t.equal(hoursKind(text), 'unverified', text);
    t.strictSame(openingState(parseOpeningHours(text), KYIV, WEDNESDAY_10_UTC), { kind: 'unverified' });
  }
});

t.test('free text that reads as a schedule is written canonically; other text is left as typed', async (t) => {
  t.equal(normalizeOpeningHours('Mon–Fri 09:00–17:00'), 'Mo-Fr 09:00-17:00');
  t.equal(normalizeOpeningHours('Mon, Wed, Fri 14:00–19:00'), 'Mo,We,Fr 14:00-19:00');
  t.equal(normalizeOpeningHours('Mon–Fri 9:00–17:00; Sat 10:00–14:00'), 'Mo-Fr 09:00-17:00; Sa 10:00-14:00');
  t.equal(normalizeOpeningHours(' 24/7 '), '24/7');
  t.equal(normalizeOpeningHours('By appointment'), 'By appointment');
  t.equal(normalizeOpeningHours('whenever you like'), 'whenever you like');
});

t.test('the validation names what is wrong in a sentence a person can act on', async (t) => {
  t.equal(openingHoursError(''), null);
  t.equal(openingHoursError('Mo-Sa 09:00-19:00'), null);
  t.equal(openingHoursError('By appointment'), null, 'a comment parses: it is kept, as not verified');
  t.equal(
    openingHoursError('Mo-Fr 25:00-26:00'),
    'Available hours could not be read (Time range starts outside of the current day). Write the hours in opening_hours syntax, such as "Mo-Fr 09:00-18:00; Sa 10:00-14:00" or "24/7", or leave them empty.',
  );
  t.match(openingHoursError('whenever'), /^Available hours could not be read \(Unexpected token: "w"\)\. Write the hours/);
});
