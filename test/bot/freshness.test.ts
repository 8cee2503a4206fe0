import t from 'tap';
import type { VerificationMethod, VerificationOutcome } from '../../api/contract/contact-verifications.js';
import type { LanguageCode } from '../../api/contract/languages.js';
import { recordVerification } from '../../sql/contact-verifications.js';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, texts, withSettings } from '../helpers/bot-fixtures.js';

// Each card ends with how fresh its details are, in the asker's language with its plural forms:
// counted from the last verification that confirmed them, at the answer's moment (the injected clock).
const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 500 });
await withSettings(t, h.sql, { resultsPerAnswer: 10, reverifyAfterDays: 90, hideUnverifiedAfterDays: null });
const DAY = 86_400_000;
const LYON = { latitude: 45.764, longitude: 4.8357 };

/** A contact in Lyon, the nth nearest of the answer. */
const aContactInLyon = (n: number, name: string) =>
  aContact(h.sql, { name, city: 'Lyon', country: 'FR', latitude: LYON.latitude + n * 0.001, longitude: LYON.longitude, languages: [] });

async function verify(contactId: number, daysAgo: number, method: VerificationMethod, outcome: VerificationOutcome = 'confirmed') {
  const self = method === 'self_confirmed';
  await recordVerification(h.sql, {
    contactId,
    at: new Date(h.clock.now().getTime() - daysAgo * DAY),
    verifiedBy: null,
    verifiedByTelegramId: self ? 777_001 : null,
    method,
    outcome,
    corrections: {},
    note: null,
  });
}

const today = await aContactInLyon(1, 'Dr Today');
const yesterday = await aContactInLyon(2, 'Dr Yesterday');
const byClinic = await aContactInLyon(3, 'Dr Clinic');
const twelve = await aContactInLyon(4, 'Dr Twelve');
const weeks = await aContactInLyon(5, 'Dr Weeks');
const months = await aContactInLyon(6, 'Dr Months');
const years = await aContactInLyon(7, 'Dr Years');
await aContactInLyon(8, 'Dr Never');
await verify(today.id, 0, 'phone_call');
await verify(yesterday.id, 1, 'website');
await verify(byClinic.id, 3, 'self_confirmed');
await verify(twelve.id, 12, 'in_person');
await verify(weeks.id, 22, 'phone_call');
await verify(months.id, 220, 'phone_call');
await verify(years.id, 760, 'import');

/** The freshness lines of the answer to a location in Lyon, card by card, for a user of this language. */
async function freshnessLines(languageCode: LanguageCode): Promise<string[]> {
  const user = await aMember(h, group.id, { languageCode });
  const answer = texts(await h.locate(user.id, LYON.latitude, LYON.longitude)).join('\n');
  return answer.split('\n').filter((line) => /^(✔|⚠) /.test(line));
}

const EXPECTED: Record<LanguageCode, string[]> = {
  en: [
    '✔ Checked today',
    '✔ Checked 1 day ago',
    '✔ Checked by the clinic 3 days ago',
    '✔ Checked 12 days ago',
    '✔ Checked 3 weeks ago',
    '⚠ Not checked for 7 months',
    '⚠ Not checked for 2 years',
    '⚠ Not checked yet',
  ],
  uk: [
    '✔ Перевірено сьогодні',
    '✔ Перевірено 1 день тому',
    '✔ Перевірено клінікою 3 дні тому',
    '✔ Перевірено 12 днів тому',
    '✔ Перевірено 3 тижні тому',
    '⚠ Не перевірялося 7 місяців',
    '⚠ Не перевірялося 2 роки',
    '⚠ Ще не перевірено',
  ],
  pl: [
    '✔ Sprawdzone dzisiaj',
    '✔ Sprawdzone 1 dzień temu',
    '✔ Sprawdzone przez placówkę 3 dni temu',
    '✔ Sprawdzone 12 dni temu',
    '✔ Sprawdzone 3 tygodnie temu',
    '⚠ Niesprawdzane od 7 miesięcy',
    '⚠ Niesprawdzane od 2 lat',
    '⚠ Jeszcze niesprawdzone',
  ],
  de: [
    '✔ Geprüft heute',
    '✔ Geprüft vor 1 Tag',
    '✔ Von der Praxis geprüft vor 3 Tagen',
    '✔ Geprüft vor 12 Tagen',
    '✔ Geprüft vor 3 Wochen',
    '⚠ Seit 7 Monaten nicht geprüft',
    '⚠ Seit 2 Jahren nicht geprüft',
    '⚠ Noch nicht geprüft',
  ],
  fr: [
    '✔ Vérifié aujourd’hui',
    '✔ Vérifié il y a 1 jour',
    '✔ Vérifié par le cabinet il y a 3 jours',
    '✔ Vérifié il y a 12 jours',
    '✔ Vérifié il y a 3 semaines',
    '⚠ Non vérifié depuis 7 mois',
    '⚠ Non vérifié depuis 2 ans',
    '⚠ Pas encore vérifié',
  ],
  es: [
    '✔ Verificado hoy',
    '✔ Verificado hace 1 día',
    '✔ Verificado por la clínica hace 3 días',
    '✔ Verificado hace 12 días',
    '✔ Verificado hace 3 semanas',
    '⚠ Sin verificar desde hace 7 meses',
    '⚠ Sin verificar desde hace 2 años',
    '⚠ Aún sin verificar',
  ],
  it: [
    '✔ Verificato oggi',
    '✔ Verificato 1 giorno fa',
    '✔ Verificato dalla clinica 3 giorni fa',
    '✔ Verificato 12 giorni fa',
    '✔ Verificato 3 settimane fa',
    '⚠ Non verificato da 7 mesi',
    '⚠ Non verificato da 2 anni',
    '⚠ Non ancora verificato',
  ],
  pt: [
    '✔ Verificado hoje',
    '✔ Verificado há 1 dia',
    '✔ Verificado pela clínica há 3 dias',
    '✔ Verificado há 12 dias',
    '✔ Verificado há 3 semanas',
    '⚠ Sem verificação há 7 meses',
    '⚠ Sem verificação há 2 anos',
    '⚠ Ainda não verificado',
  ],
};

t.test('every card ends with its freshness, in every language of the bot with its plural forms', async (t) => {
  for (const [language, expected] of Object.entries(EXPECTED) as [LanguageCode, string[]][]) {
    t.strictSame(await freshnessLines(language), expected, language);
  }
});

t.test('the line follows the clock and the cycle, with nothing written in between', async (t) => {
  await withSettings(t, h.sql, { reverifyAfterDays: 10 });
  const [, , , twelveDays] = await freshnessLines('en');
  t.equal(twelveDays, '⚠ Not checked for 12 days', 'past a shorter cycle, 12 days is overdue');
  h.clock.advance(8 * DAY);
  const [first, second, third] = await freshnessLines('uk');
  t.strictSame([first, second, third], ['✔ Перевірено 8 днів тому', '✔ Перевірено 9 днів тому', '⚠ Не перевірялося 11 днів'], 'eight days on');
});

t.test('a confirmation by the clinic, followed by a call nobody answered, still says who confirmed the details, and when', async (t) => {
  await verify(byClinic.id, 0, 'phone_call', 'unreachable');
  const [, , third] = await freshnessLines('en');
  t.equal(third, '✔ Checked by the clinic 11 days ago', 'eight days after the previous test');
});
