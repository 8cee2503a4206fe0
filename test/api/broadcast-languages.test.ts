import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { someBotUsers, untilFinished } from '../helpers/broadcasts.js';
import { createTestApp } from '../helpers/app.js';
import { createBroadcastSender } from '../../bot/broadcasts/broadcast-sender.js';

const UK = 'Привіт, <b>{first_name}</b>! Нові лікарі поруч.';
const PL = 'Cześć, <b>{first_name}</b>! Nowi lekarze w pobliżu.';
const PT = 'Olá, <b>{first_name}</b>! Novos médicos por perto.';
const EN = 'Hello, <b>{first_name}</b>! New doctors nearby.';

t.test('a broadcast with three languages reaches each recipient in theirs; the others get the content; counts per language', async (t) => {
  const h = await createBotHarness(t);
  const sender = createBroadcastSender({ sql: h.sql, api: h.medBot.api, testApi: h.medBot.retryingApi, ratePerSecond: 1000, pollMs: 50 });
  await sender.start();
  t.teardown(() => sender.stop());
  const { call, userWithToken } = await createTestApp(t, { db: h.db, clock: h.clock, broadcaster: sender });
  const { token } = await userWithToken('admin');

  const ids = await someBotUsers(h.sql, 8, 810_000, h.sim);
  const [choseUk, telegramUk, polish, brazilian, german, japanese, english, blocked] = ids as [number, number, number, number, number, number, number, number];
  // Chosen with /language wins over Telegram's; a region is dropped; a language without a text, or one the bot
  // does not have, gets the content (English, the default).
  await h.sql`UPDATE telegram_users SET language_code = 'en', chosen_language = 'uk' WHERE telegram_id = ${choseUk}`;
  const codes: [number, string][] = [[telegramUk, 'uk'], [polish, 'pl'], [brazilian, 'pt-BR'], [german, 'de'], [japanese, 'ja'], [english, 'en'], [blocked, 'uk']];
  for (const [id, code] of codes) await h.sql`UPDATE telegram_users SET language_code = ${code} WHERE telegram_id = ${id}`;
  await h.sql`UPDATE telegram_users SET is_blocked = true WHERE telegram_id = ${blocked}`;

  const audience = await call(token, { method: 'POST', url: '/api/broadcast-audience', payload: { targetType: 'all' } });
  t.equal(audience.statusCode, 200);
  t.same(audience.json(), {
    total: 7,
    defaultLanguage: 'en',
    botLanguages: ['en', 'uk', 'pl', 'de', 'fr', 'es', 'it', 'pt'],
    languages: [
      { language: 'en', recipients: 2 },
      { language: 'uk', recipients: 2 },
      { language: 'de', recipients: 1 },
      { language: 'pl', recipients: 1 },
      { language: 'pt', recipients: 1 },
    ],
  });
  const chosen = await call(token, { method: 'POST', url: '/api/broadcast-audience', payload: { targetType: 'selected', targetUsers: [choseUk, polish, blocked] } });
  t.same(chosen.json().languages, [{ language: 'pl', recipients: 1 }, { language: 'uk', recipients: 1 }], 'a selection counts only its users that staff have not blocked');

  const sent = await call(token, {
    method: 'POST',
    url: '/api/broadcast-send',
    payload: { title: 'New doctors', content: EN, targetType: 'all', translations: { uk: UK, pl: PL, pt: PT } },
  });
  t.equal(sent.statusCode, 202, sent.body);
  const id = sent.json().id as number;
  t.equal(await untilFinished(h.sql, id), 'sent');

  const expected: [number, string][] = [
    [choseUk, UK],
    [telegramUk, UK],
    [polish, PL],
    [brazilian, PT],
    [german, EN],
    [japanese, EN],
    [english, EN],
  ];
  for (const [userId, text] of expected) {
    const got = h.sim.messages(userId).filter((message) => message.from.id !== userId);
    t.same(got.map((message) => message.text), [text.replace('{first_name}', `Ann ${userId}`)], `user ${userId}`);
  }
  t.same(h.sim.messages(blocked), [], 'a user staff blocked gets nothing');

  const detail = await call(token, { method: 'GET', url: `/api/broadcasts/${id}` });
  t.match(detail.json(), { content: EN, translations: { uk: UK, pl: PL, pt: PT }, successCount: 7, totalRecipients: 7 });
  t.same(detail.json().languages, [
    { language: 'en', recipients: 2, delivered: 2, failed: 0, unknown: 0, translated: false },
    { language: 'uk', recipients: 2, delivered: 2, failed: 0, unknown: 0, translated: true },
    { language: 'de', recipients: 1, delivered: 1, failed: 0, unknown: 0, translated: false },
    { language: 'pl', recipients: 1, delivered: 1, failed: 0, unknown: 0, translated: true },
    { language: 'pt', recipients: 1, delivered: 1, failed: 0, unknown: 0, translated: true },
  ]);
  // History lists the broadcast without its texts per language.
  const history = await call(token, { method: 'GET', url: '/api/broadcast-history' });
  t.notOk('translations' in history.json().broadcasts[0]);

  // A language's text is kept with the recipients when queued: changing one's language afterwards changes nothing for it.
  await h.sql`UPDATE telegram_users SET chosen_language = 'pl' WHERE telegram_id = ${english}`;
  const [row] = await h.sql`SELECT language FROM broadcast_recipients WHERE broadcast_id = ${id} AND telegram_id = ${english}`;
  t.same(row, { language: 'en' });
});

t.test('a text per language is refused, naming it, when its language or its text is bad', async (t) => {
  const { call, userWithToken, db } = await createTestApp(t);
  const { token } = await userWithToken('admin');
  await someBotUsers(db.sql, 1, 820_000);
  await db.sql`UPDATE system_settings SET bot_languages = '{en,uk,pl}'`;
  const base = { title: 'T', content: 'Hello', targetType: 'all' };
  const cases: [Record<string, string>, string, string][] = [
    [{ xx: 'Hi' }, 'translations.xx', 'Choose a language the bot has: en, uk, pl, de, fr, es, it, pt.'],
    [{ 'uk-UA': 'Привіт' }, 'translations.uk-UA', 'Choose a language the bot has: en, uk, pl, de, fr, es, it, pt.'],
    [{ uk: '   ' }, 'translations.uk', 'Write the text for this language, or remove the language'],
    [{ uk: 'Привіт <b>друзі' }, 'translations.uk', 'The message is not HTML Telegram accepts'],
    [{ pl: 'x'.repeat(5000) }, 'translations.pl', 'The message is too long for Telegram: 5,000 characters'],
    [{ en: 'Hello again' }, 'translations.en', 'English is the default language: its text is the message content. Remove this text, or move it there.'],
    [{ de: 'Hallo' }, 'translations.de', 'The bot does not offer German, so nobody would get this text: offer it in System Settings, or remove it.'],
  ];
  for (const [translations, field, message] of cases) {
    const response = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { ...base, translations } });
    t.equal(response.statusCode, 400, field);
    t.equal(response.json().field, field);
    t.match(response.json().message, message);
  }
  const [count] = await db.sql`SELECT count(*)::int AS n FROM broadcasts`;
  t.equal(count!.n, 0, 'nothing was queued');
  const ok = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { ...base, translations: { uk: 'Привіт' } } });
  t.equal(ok.statusCode, 202);
});
