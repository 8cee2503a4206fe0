import t from 'tap';
import {
  DAY_WORDS,
  describeOpeningHours,
  hoursKind,
  isOpenAt,
  normalizeOpeningHours,
  openingState,
  parseOpeningHours,
  readOpeningHours,
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
  t.strictSame(readOpeningHours(''), { kind: 'accepted', text: '', hours: null });
  t.match(readOpeningHours('Mo-Sa 09:00-19:00'), { kind: 'accepted', text: 'Mo-Sa 09:00-19:00' });
  t.strictSame(readOpeningHours('By appointment'), { kind: 'accepted', text: 'By appointment', hours: null }, 'a comment parses: it is kept, as not verified');
  t.strictSame(readOpeningHours('Mo-Fr 25:00-26:00'), {
    kind: 'refused',
    message: 'Available hours could not be read (Time range starts outside of the current day). Write the hours in opening_hours syntax, such as "Mo-Fr 09:00-18:00; Sa 10:00-14:00" or "24/7", or leave them empty.',
    suggestion: null,
  });
  t.match(readOpeningHours('whenever'), { kind: 'refused', message: /^Available hours could not be read \(Unexpected token: "w"\)\. Write the hours/, suggestion: null });
});

/** What is stored for a typed text, or the refusal's message and suggestion. */
function outcome(typed: string): string | { message: string; suggestion: string | null } {
  const reading = readOpeningHours(typed);
  return reading.kind === 'accepted' ? reading.text : { message: reading.message, suggestion: reading.suggestion };
}

t.test("the usual day words of the bot's eight languages are read, with hyphens and en dashes", async (t) => {
  const typed: [string, string, string][] = [
    ['en', 'Mon–Fri 9:00–17:00; Sat 10:00-14:00', 'Mo-Fr 09:00-17:00; Sa 10:00-14:00'],
    ['en', 'Monday-Friday 08:00-16:00', 'Mo-Fr 08:00-16:00'],
    ['uk', 'Пн–Пт 9:00–18:00; Сб 10:00–14:00', 'Mo-Fr 09:00-18:00; Sa 10:00-14:00'],
    ['uk', 'понеділок-пʼятниця 08:00-16:00', 'Mo-Fr 08:00-16:00'],
    ['de', 'Mo-Fr 09:00-17:00; Sa 10:00-12:00', 'Mo-Fr 09:00-17:00; Sa 10:00-12:00'],
    ['de', 'Di–Do 8–12; So 10-12', 'Tu-Th 08:00-12:00; Su 10:00-12:00'],
    ['fr', 'Lun-Ven 9h-17h', 'Mo-Fr 09:00-17:00'],
    ['fr', 'lun.–ven. 9h30–18h30, sam. 9h-12h', 'Mo-Fr 09:30-18:30, Sa 09:00-12:00'],
    ['es', 'Lun-Vie 9:00-17:00; Sáb 10:00-13:00', 'Mo-Fr 09:00-17:00; Sa 10:00-13:00'],
    ['es', 'Lunes–Viernes 8-15', 'Mo-Fr 08:00-15:00'],
    ['it', 'Lun-Ven 9-13; Sab 9-12', 'Mo-Fr 09:00-13:00; Sa 09:00-12:00'],
    ['it', 'Lunedì–Venerdì 8.30-19.30', 'Mo-Fr 08:30-19:30'],
    ['pl', 'Pon-Pt 8-16', 'Mo-Fr 08:00-16:00'],
    ['pl', 'Pn–Pt 8:00–16:00, Sob 9-13', 'Mo-Fr 08:00-16:00, Sa 09:00-13:00'],
    ['pt', 'Seg-Sex 9-18', 'Mo-Fr 09:00-18:00'],
    ['pt', 'Segunda-feira–Sexta-feira 8:00–17:00; Sáb 8-12', 'Mo-Fr 08:00-17:00; Sa 08:00-12:00'],
  ];
  for (const [language, text, stored] of typed) t.equal(outcome(text), stored, `${language}: ${text}`);
  t.equal(outcome('Mar-Oct Mo-Fr 09:00-17:00'), 'Mar-Oct Mo-Fr 09:00-17:00', '"Mar" beside a month is March');
  t.equal(outcome('Mar 9-12'), 'Tu 09:00-12:00', '"Mar" on its own is Tuesday (fr, es, it)');

  const meanings = new Map<string, string>();
  for (const [language, days] of Object.entries(DAY_WORDS)) {
    for (const [day, words] of Object.entries(days)) {
      for (const word of words) {
        t.equal(meanings.get(word) ?? day, day, `"${word}" (${language}) means one day in every language`);
        meanings.set(word, day);
        t.equal(outcome(`${word} 09:00-17:00`), `${day} 09:00-17:00`, `${language}: "${word}"`);
      }
    }
  }
});

t.test('a 12-hour clock is read', async (t) => {
  t.equal(outcome('Mon-Fri 9am-5pm'), 'Mo-Fr 09:00-17:00');
  t.equal(outcome('Mon-Fri 9-5pm'), 'Mo-Fr 09:00-17:00', 'the start takes the end\'s am/pm unless it would run backwards');
  t.equal(outcome('Sat 7-11pm'), 'Sa 19:00-23:00');
  t.equal(outcome('Mon-Fri 8:30 a.m.-5:30 p.m.'), 'Mo-Fr 08:30-17:30');
  t.equal(outcome('Mon-Fri 12-1pm'), 'Mo-Fr 12:00-13:00', '12 pm is noon');
  t.equal(outcome('Sat 6pm-12am'), 'Sa 18:00-24:00', '12 am at the end is midnight');
  t.equal(outcome('Mo-Fr 10pm-6am'), 'Mo-Fr 22:00-06:00', 'overnight with its own am/pm on each side is meant');
});

t.test('hours that read as overnight or as under an hour are refused unless written so, with the likelier schedule', async (t) => {
  const PAST_MIDNIGHT = ' If it does close after midnight, write the closing time past 24:00: "09:00-29:00".';
  // Typed, the sentence, the suggestion, why.
  const refusals: [string, string, string, string][] = [
    ['Mon-Fri 9-5', 'would mean open overnight until 05:00. Did you mean "Mo-Fr 09:00-17:00"?', 'Mo-Fr 09:00-17:00', 'the end read on the afternoon clock'],
    ['Mo–Fr 9:00–5:00', `would mean open overnight until 05:00. Did you mean "Mo-Fr 09:00-17:00"?${PAST_MIDNIGHT}`, 'Mo-Fr 09:00-17:00', 'with minutes, still a daytime reading'],
    ['Mo-Fr 09:00-05:00', `would mean open overnight until 05:00. Did you mean "Mo-Fr 09:00-17:00"?${PAST_MIDNIGHT}`, 'Mo-Fr 09:00-17:00', 'what the form once saved for "9-5"'],
    ['Mon-Fri 9-5, Sat 10-2', 'would mean open overnight until 05:00. Did you mean "Mo-Fr 09:00-17:00, Sa 10:00-14:00"?', 'Mo-Fr 09:00-17:00, Sa 10:00-14:00', 'every doubtful range corrected'],
    ['Mo-Fr 12-1', 'would mean open overnight until 01:00. Did you mean "Mo-Fr 12:00-13:00"?', 'Mo-Fr 12:00-13:00', 'noon to one'],
    ['Mo 9-9', 'would mean open overnight until 09:00. Did you mean "Mo 09:00-21:00"?', 'Mo 09:00-21:00', 'a range that ends where it starts'],
    ['Mo-Fr 22-6', 'would mean open overnight until 06:00. If that is meant, write it in 24-hour time with minutes: "Mo-Fr 22:00-06:00".', 'Mo-Fr 22:00-06:00', 'no daytime reading: the overnight one, written unambiguously'],
    ['Sa 10-10:30', 'would mean open only 30 minutes, from 10:00 to 10:30. If that is meant, write it in 24-hour time with minutes: "Sa 10:00-10:30".', 'Sa 10:00-10:30', 'a day shorter than an hour'],
  ];
  for (const [typed, sentence, suggestion, why] of refusals) {
    t.strictSame(outcome(typed), { message: `Available hours "${typed}" ${sentence}`, suggestion }, `${typed}: ${why}`);
    t.equal(outcome(suggestion), suggestion, `the suggestion for "${typed}" is taken as it is`);
  }

  t.equal(outcome('Mo-Fr 22:00-06:00'), 'Mo-Fr 22:00-06:00', 'overnight on purpose: 24-hour, minutes on both sides, no daytime reading');
  t.equal(outcome('Mo-Su 20:00-08:00'), 'Mo-Su 20:00-08:00');
  t.equal(outcome('Mo-Fr 09:00-29:00'), 'Mo-Fr 09:00-29:00', 'a closing time past 24:00 is overnight on purpose');
  t.equal(outcome('Sa 10:00-10:30'), 'Sa 10:00-10:30', 'half an hour, written so');
  t.equal(outcome('Mo-Fr 9-17'), 'Mo-Fr 09:00-17:00');
  t.equal(outcome('Mo-Su 00:00-24:00'), 'Mo-Su 00:00-24:00');

  t.equal(parseOpeningHours('Mo-Fr 09:00-05:00'), null, 'a refused schedule stored earlier is not read as one');
  t.equal(hoursKind('Mo-Fr 09:00-05:00'), 'unverified');
  t.equal(normalizeOpeningHours('Mon-Fri 9-5'), 'Mon-Fri 9-5', 'a refused text is stored, by the reading of old rows, as it was');
});

t.test('the hours in words, in the contact\'s time zone', async (t) => {
  t.equal(describeOpeningHours('Mo-Fr 09:00-17:00', 'Europe/Berlin'), 'Open Monday to Friday, 9:00 to 17:00 (Europe/Berlin time).');
  t.equal(describeOpeningHours('Mo-Fr 09:00-17:00', null), "Open Monday to Friday, 9:00 to 17:00 (the contact's local time).");
  t.equal(
    describeOpeningHours('Mo-Fr 08:00-12:00,13:00-17:00; Sa 10:00-14:00', 'Europe/Kyiv'),
    'Open Monday to Friday, 8:00 to 12:00 and 13:00 to 17:00; Saturday, 10:00 to 14:00 (Europe/Kyiv time).',
  );
  t.equal(describeOpeningHours('Mo,We,Fr 14:00-19:00', 'Europe/Kyiv'), 'Open Monday, Wednesday and Friday, 14:00 to 19:00 (Europe/Kyiv time).');
  t.equal(describeOpeningHours('Sa,Su 10:00-14:00', 'Europe/Kyiv'), 'Open Saturday and Sunday, 10:00 to 14:00 (Europe/Kyiv time).');
  t.equal(describeOpeningHours('Mo-Su 22:00-06:00', 'America/New_York'), 'Open every day, 22:00 to 6:00 the next day (America/New_York time).');
  t.equal(describeOpeningHours('Mo-Fr 00:00-24:00', 'Europe/Kyiv'), 'Open Monday to Friday, all day (Europe/Kyiv time).');
  t.equal(describeOpeningHours('24/7', 'Europe/Kyiv'), 'Open around the clock, every day.');
  t.equal(describeOpeningHours('Apr-Sep Mo-Fr 09:00-17:00', 'Europe/Kyiv'), null, 'a schedule that changes through the year is not put in a week\'s words');
  t.equal(describeOpeningHours('By appointment', 'Europe/Kyiv'), null);
  t.equal(describeOpeningHours('Mon-Fri 9-5', 'Europe/Kyiv'), null, 'nor a refused one');
});
