import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { someBotUsers, untilFinished } from '../helpers/broadcasts.js';
import { createTestApp } from '../helpers/app.js';
import { createBroadcastSender } from '../../bot/broadcasts/broadcast-sender.js';

const EN = 'Hello, <b>{first_name}</b>! The clinic moves on Monday.';
const UK = 'Привіт, <b>{first_name}</b>! Клініка переїжджає в понеділок.';
const DE = 'Hallo, <b>{first_name}</b>! Die Praxis zieht am Montag um.';
const PL_RETIRED = 'Cześć, {first_name}! (wycofany)';

const h = await createBotHarness(t);
const sender = createBroadcastSender({ sql: h.sql, api: h.medBot.api, testApi: h.medBot.retryingApi, ratePerSecond: 1000, pollMs: 50 });
await sender.start();
t.teardown(() => sender.stop());
const { call, userWithToken } = await createTestApp(t, { db: h.db, clock: h.clock, broadcaster: sender });
const { token } = await userWithToken('admin');

// The harness seeds an active 'broadcast' template per language: these stand for staff's own. Polish has
// only an inactive one (its seeded template withdrawn), and German is not offered by the bot.
const texts: [string, string][] = [['en', EN], ['uk', UK], ['de', DE], ['pl', PL_RETIRED]];
for (const [language, content] of texts) {
  await h.sql`UPDATE message_templates SET content = ${content} WHERE type = 'broadcast' AND language = ${language}`;
}
await h.sql`UPDATE message_templates SET is_active = false WHERE type = 'broadcast' AND language = 'pl'`;
await h.sql`UPDATE system_settings SET bot_languages = '{en,uk,pl,fr}'`;
// Polish has an active template of another type: not a text of this broadcast.
await h.sql`UPDATE message_templates SET content = 'Dziękujemy, {first_name}!' WHERE type = 'custom' AND language = 'pl'`;
const templateIn = async (language: string) =>
  Number((await h.sql<{ id: number }[]>`SELECT id FROM message_templates WHERE type = 'broadcast' AND language = ${language} AND is_active`)[0]!.id);
const [enTemplate, ukTemplate] = [await templateIn('en'), await templateIn('uk')];
const FR = (await h.sql<{ content: string }[]>`SELECT content FROM message_templates WHERE type = 'broadcast' AND language = 'fr'`)[0]!.content;

/** The bot's messages to a user. */
const botTexts = (userId: number) => h.sim.messages(userId).filter((message) => message.from.id !== userId).map((message) => message.text);
const forUser = (text: string, userId: number) => text.replace('{first_name}', `Ann ${userId}`);

t.test('a broadcast from a template reaches each recipient in their language, from the active templates of its type', async (t) => {
  const ids = await someBotUsers(h.sql, 6, 830_000, h.sim);
  const [uk1, uk2, en, pl, de, fr] = ids as [number, number, number, number, number, number];
  const codes: [number, string][] = [[uk1, 'uk'], [uk2, 'uk-UA'], [en, 'en'], [pl, 'pl'], [de, 'de'], [fr, 'fr']];
  for (const [id, code] of codes) await h.sql`UPDATE telegram_users SET language_code = ${code} WHERE telegram_id = ${id}`;

  // Chosen from the Ukrainian template (the Templates screen's Send): English is still the main content.
  const queued = await call(token, { method: 'POST', url: '/api/broadcast-message', payload: { templateId: ukTemplate, targetUsers: ids } });
  t.equal(queued.statusCode, 202, 'queued');
  const id = queued.json().id as number;
  t.equal(await untilFinished(h.sql, id), 'sent');

  const expected: [number, string][] = [[uk1, UK], [uk2, UK], [en, EN], [pl, EN], [de, EN], [fr, FR]];
  for (const [userId, text] of expected) t.same(botTexts(userId), [forUser(text, userId)], `user ${userId} (${codes.find(([u]) => u === userId)![1]})`);

  const detail = (await call(token, { method: 'GET', url: `/api/broadcasts/${id}` })).json();
  t.match(detail, { content: EN, templateId: ukTemplate, successCount: 6 });
  t.same(detail.translations, { fr: FR, uk: UK }, 'the other offered languages with an active template; not the withdrawn Polish, not German the bot does not offer');
  t.same(detail.languages, [
    { language: 'en', recipients: 2, delivered: 2, failed: 0, unknown: 0, translated: false },
    { language: 'uk', recipients: 2, delivered: 2, failed: 0, unknown: 0, translated: true },
    { language: 'fr', recipients: 1, delivered: 1, failed: 0, unknown: 0, translated: true },
    { language: 'pl', recipients: 1, delivered: 1, failed: 0, unknown: 0, translated: false },
  ], 'German, which the bot does not offer, counts as English; Polish gets the English content');
});

t.test('the composer\'s template broadcast (broadcast-send) carries the same texts; typed content keeps its own', async (t) => {
  const [uk, en] = (await someBotUsers(h.sql, 2, 831_000, h.sim)) as [number, number];
  await h.sql`UPDATE telegram_users SET language_code = 'uk' WHERE telegram_id = ${uk}`;
  await h.sql`UPDATE telegram_users SET language_code = 'en' WHERE telegram_id = ${en}`;

  const fromTemplate = await call(token, {
    method: 'POST',
    url: '/api/broadcast-send',
    payload: { title: 'Moving', content: '', targetType: 'selected', targetUsers: [uk, en], templateId: enTemplate },
  });
  t.equal(fromTemplate.statusCode, 202, 'queued');
  t.equal(await untilFinished(h.sql, fromTemplate.json().id), 'sent');
  t.same(botTexts(uk), [forUser(UK, uk)]);
  t.same(botTexts(en), [forUser(EN, en)]);

  const typed = await call(token, {
    method: 'POST',
    url: '/api/broadcast-send',
    payload: { title: 'Typed', content: 'Typed {first_name}', targetType: 'selected', targetUsers: [uk, en], templateId: enTemplate },
  });
  t.equal(await untilFinished(h.sql, typed.json().id), 'sent');
  t.same(botTexts(uk).at(-1), `Typed Ann ${uk}`, 'typed content is not the template\'s: no template texts per language');
  const detail = (await call(token, { method: 'GET', url: `/api/broadcasts/${typed.json().id}` })).json();
  t.same(detail.translations, {});
});

t.test('a test message is sent in the language chosen: its text, else the main one', async (t) => {
  const [tester] = (await someBotUsers(h.sql, 1, 832_000, h.sim)) as [number];
  const test = async (payload: Record<string, unknown>) => {
    const response = await call(token, { method: 'POST', url: '/api/broadcast-test', payload: { userId: String(tester), ...payload } });
    t.equal(response.statusCode, 200, response.body);
    t.equal(response.json().ok, true);
    return botTexts(tester).at(-1);
  };
  const composed = { content: 'Hello {first_name}', translations: { uk: 'Привіт {first_name}', fr: 'Bonjour {first_name}' } };
  t.equal(await test({ ...composed, language: 'uk' }), `Привіт Ann ${tester}`, 'the Ukrainian text');
  t.equal(await test({ ...composed, language: 'fr' }), `Bonjour Ann ${tester}`);
  t.equal(await test({ ...composed, language: 'en' }), `Hello Ann ${tester}`, 'the default language: the content');
  t.equal(await test({ ...composed, language: 'pl' }), `Hello Ann ${tester}`, 'a language without a text: the content, as the broadcast would');
  t.equal(await test(composed), `Hello Ann ${tester}`, 'no language: the content');

  t.equal(await test({ templateId: enTemplate, language: 'uk' }), forUser(UK, tester), 'a template: its Ukrainian sibling');
  t.equal(await test({ templateId: ukTemplate, language: 'en' }), forUser(EN, tester), 'whichever language\'s template was chosen');
  t.equal(await test({ templateId: enTemplate, language: 'pl' }), forUser(EN, tester), 'no active Polish template: the English one');
  t.equal(await test({ templateId: ukTemplate }), forUser(EN, tester), 'no language: the default language\'s');

  const bad = await call(token, { method: 'POST', url: '/api/broadcast-test', payload: { userId: String(tester), content: 'Hi', language: 'xx' } });
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().field, 'language');
});
