import t from 'tap';
import { clockDate, clockDateTime, clockDayAndTime, clockExactTime, clockTime, ClockFormatSchema, type Clock } from '../../api/contract/clock-format.js';
import { bucketLabel, windowSentence } from '../../api/contract/figure-windows.js';

const KOLKATA_24: Clock = { timeZone: 'Asia/Kolkata', clockFormat: '24h' };
const KOLKATA_12: Clock = { timeZone: 'Asia/Kolkata', clockFormat: '12h' };
/** 19:14:05 on 20 Nov 2026 in Kolkata (UTC+05:30). */
const EVENING = new Date('2026-11-20T13:44:05Z');
/** 00:05 on 21 Nov 2026 in Kolkata, still 20 Nov in UTC. */
const JUST_AFTER_MIDNIGHT = new Date('2026-11-20T18:35:00Z');

t.test('times read in the configured time zone, on the 24-hour clock unless the 12-hour one is chosen', async (t) => {
  t.equal(clockTime(EVENING, KOLKATA_24), '19:14');
  t.equal(clockTime(EVENING, KOLKATA_12), '7:14 PM', 'a plain space before PM, not ICU’s narrow no-break space');
  t.equal(clockTime(JUST_AFTER_MIDNIGHT, KOLKATA_24), '00:05');
  t.equal(clockTime(JUST_AFTER_MIDNIGHT, KOLKATA_12), '12:05 AM');
  t.equal(clockTime(EVENING, { timeZone: 'UTC', clockFormat: '24h' }), '13:44', 'another zone, another wall clock');
});

t.test('dates are the days of the time zone', async (t) => {
  t.equal(clockDate(JUST_AFTER_MIDNIGHT, KOLKATA_24), '21 Nov 2026');
  t.equal(clockDate(JUST_AFTER_MIDNIGHT, { timeZone: 'UTC', clockFormat: '24h' }), '20 Nov 2026');
  t.equal(clockDateTime(EVENING, KOLKATA_24), '20 Nov 2026, 19:14');
  t.equal(clockDateTime(EVENING, KOLKATA_12), '20 Nov 2026, 7:14 PM');
  t.equal(clockExactTime(EVENING, KOLKATA_24), '20 Nov 2026, 19:14:05');
  t.equal(clockExactTime(EVENING, KOLKATA_12), '20 Nov 2026, 7:14:05 PM');
});

t.test('"Today at", "Yesterday at", else the date: days as the time zone counts them', async (t) => {
  const now = new Date('2026-11-21T04:00:00Z'); // 09:30 on 21 Nov in Kolkata
  t.equal(clockDayAndTime(JUST_AFTER_MIDNIGHT, KOLKATA_24, now), 'Today at 00:05', 'the 20th in UTC, today in Kolkata');
  t.equal(clockDayAndTime(EVENING, KOLKATA_24, now), 'Yesterday at 19:14');
  t.equal(clockDayAndTime(EVENING, KOLKATA_12, now), 'Yesterday at 7:14 PM');
  t.equal(clockDayAndTime(new Date('2026-11-19T13:44:00Z'), KOLKATA_24, now), '19 Nov 2026 at 19:14');
  t.equal(clockDayAndTime(JUST_AFTER_MIDNIGHT, { timeZone: 'UTC', clockFormat: '24h' }, now), 'Yesterday at 18:35', 'in UTC the same instant was yesterday');
});

t.test('the figure windows say their times on the reader’s clock', async (t) => {
  const window = { key: '24h' as const, timeZone: 'Asia/Kolkata', start: new Date('2026-11-19T13:44:05Z'), end: EVENING };
  t.equal(windowSentence(window), 'The last 24 hours, to 19:14 (Asia/Kolkata)', '24-hour when the clock is not said');
  t.equal(windowSentence({ ...window, clockFormat: '12h' }), 'The last 24 hours, to 7:14 PM (Asia/Kolkata)');
  t.equal(bucketLabel(EVENING, { ...window, clockFormat: '12h' }), '7:14 PM');
  const week = { key: '7d' as const, timeZone: 'Asia/Kolkata', start: new Date('2026-11-13T18:30:00Z'), end: EVENING };
  t.equal(windowSentence(week), 'Today and the 6 days before, from 00:00 on 14 Nov (Asia/Kolkata) to now');
  t.equal(windowSentence({ ...week, clockFormat: '12h' }), 'Today and the 6 days before, from 12:00 AM on 14 Nov (Asia/Kolkata) to now');
});

t.test('a clock format other than 24h or 12h is refused by name', async (t) => {
  t.equal(ClockFormatSchema.safeParse('12h').success, true);
  t.equal(ClockFormatSchema.safeParse('am/pm').error?.issues[0]?.message, 'Clock format must be 24h or 12h');
});
