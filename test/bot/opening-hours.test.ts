import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, texts } from '../helpers/bot-fixtures.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 100 });

const KYIV = { latitude: 50.4501, longitude: 30.5234 };
const NEW_YORK = { latitude: 40.7128, longitude: -74.006 };
const near = (point: { latitude: number; longitude: number }, step: number) => ({ latitude: point.latitude + step * 0.001, longitude: point.longitude });

await aContact(h.sql, { name: 'Kyiv weekdays', ...near(KYIV, 1), city: 'Kyiv', availableHours: 'Mo-Fr 09:00-18:00' });
await aContact(h.sql, { name: 'Kyiv always', ...near(KYIV, 2), city: 'Kyiv', availableHours: '24/7' });
await aContact(h.sql, { name: 'Kyiv appointment', ...near(KYIV, 3), city: 'Kyiv', availableHours: 'By appointment <call>' });
await aContact(h.sql, { name: 'Kyiv free text', ...near(KYIV, 4), city: 'Kyiv', availableHours: 'Mon–Fri 9:00–17:00' });
await aContact(h.sql, { name: 'New York weekdays', ...near(NEW_YORK, 1), city: 'New York', availableHours: 'Mo-Fr 09:00-18:00' });
await aContact(h.sql, { name: 'New York round the clock', ...near(NEW_YORK, 2), city: 'New York', availableHours: 'Mo-Su 00:00-24:00' });
await aContact(h.sql, { name: 'New York Wednesdays', ...near(NEW_YORK, 3), city: 'New York', availableHours: 'We 08:00-21:00' });
const BERLIN = { latitude: 52.52, longitude: 13.405 };
// As the form once saved a typed "Mon-Fri 9-5"; and overnight on purpose.
await aContact(h.sql, { name: 'Berlin nine to five', ...near(BERLIN, 1), city: 'Berlin', availableHours: 'Mo-Fr 09:00-05:00' });
await aContact(h.sql, { name: 'Berlin nights', ...near(BERLIN, 2), city: 'Berlin', availableHours: 'Mo-Fr 22:00-06:00' });

/** Each contact's state, the line its card leads with under its name, by name. */
function hoursByName(answer: string | undefined): Record<string, string> {
  const facts: Record<string, string> = {};
  for (const section of (answer ?? '').split('\n\n')) {
    const name = /<b>\d+\. ([^<]+)<\/b>/.exec(section)?.[1];
    const hours = section.split('\n')[1];
    if (name && hours) facts[name] = hours;
  }
  return facts;
}

async function hoursAt(at: string, point: { latitude: number; longitude: number }, languageCode?: string) {
  h.clock.set(new Date(at));
  const user = await aMember(h, group.id, { languageCode });
  return hoursByName(texts(await h.locate(user.id, point.latitude, point.longitude))[0]);
}

t.test('Wednesday 10:00 UTC: noon in Kyiv, 05:00 in New York, each contact read in its own zone', async (t) => {
  t.strictSame(await hoursAt('2026-11-25T10:00:00Z', KYIV), {
    'Kyiv weekdays': '🟢 Open until 18:00',
    'Kyiv always': '🟢 Open 24/7',
    'Kyiv appointment': '🕒 By appointment &lt;call&gt; (hours not verified)',
    'Kyiv free text': '🟢 Open until 17:00',
  });
  t.strictSame(await hoursAt('2026-11-25T10:00:00Z', NEW_YORK), {
    'New York weekdays': '🔴 Closed · opens 09:00',
    'New York round the clock': '🟢 Open 24/7',
    'New York Wednesdays': '🔴 Closed · opens 08:00',
  });
});

t.test("Wednesday 21:30 in New York: a contact open on Wednesdays only opens next week's, and says so", async (t) => {
  t.match(await hoursAt('2026-11-26T02:30:00Z', NEW_YORK), { 'New York Wednesdays': '🔴 Closed · opens next Wed 08:00' });
  t.match(await hoursAt('2026-11-26T02:30:00Z', NEW_YORK, 'de'), { 'New York Wednesdays': '🔴 Geschlossen · öffnet nächste Woche Mi 08:00' });
  t.match(await hoursAt('2026-11-26T02:30:00Z', NEW_YORK, 'fr'), { 'New York Wednesdays': '🔴 Fermé · ouvre mer. prochain 08:00' });
});

t.test('Friday 20:00 UTC: 22:00 in Kyiv opens again on Monday, 15:00 in New York is open', async (t) => {
  t.match(await hoursAt('2026-11-27T20:00:00Z', KYIV), { 'Kyiv weekdays': '🔴 Closed · opens Mon 09:00', 'Kyiv always': '🟢 Open 24/7' });
  t.match(await hoursAt('2026-11-27T20:00:00Z', NEW_YORK), { 'New York weekdays': '🟢 Open until 18:00' });
});

t.test('the hours are said in the asker\'s language', async (t) => {
  t.strictSame(await hoursAt('2026-11-27T20:00:00Z', KYIV, 'uk'), {
    'Kyiv weekdays': '🔴 Зачинено · відчиняється пн 09:00',
    'Kyiv always': '🟢 Цілодобово',
    'Kyiv appointment': '🕒 By appointment &lt;call&gt; (години не перевірено)',
    'Kyiv free text': '🔴 Зачинено · відчиняється пн 09:00',
  });
  t.match(await hoursAt('2026-11-25T10:00:00Z', KYIV, 'de'), { 'Kyiv weekdays': '🟢 Geöffnet bis 18:00' });
});

t.test('stored hours the rule set refuses are not read as a schedule; overnight on purpose is', async (t) => {
  // Wednesday 01:00 UTC: 02:00 in Berlin.
  t.strictSame(await hoursAt('2026-11-25T01:00:00Z', BERLIN), {
    'Berlin nine to five': '🕒 Mo-Fr 09:00-05:00 (hours not verified)',
    'Berlin nights': '🟢 Open until 06:00',
  });
});
