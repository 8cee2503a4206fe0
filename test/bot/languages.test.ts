import t from 'tap';
import type { Test } from 'tap';
import { renderTemplate, type TemplateType, type TemplateValues } from '../../api/contract/message-templates.js';
import type { LanguageCode } from '../../api/contract/languages.js';
import { formatCountIn } from '../../api/contract/plural.js';
import { formatDurationIn } from '../../api/contract/reply-values.js';
import { createBot } from '../../bot/create-bot.js';
import { seedDefaultTemplates } from '../../bot/replies/default-templates.js';
import { BOT_TEXTS } from '../../bot/locales/index.js';
import { FIND_TEXTS } from '../../bot/locales/find.js';
import { createBotHarness } from '../helpers/bot.js';
import { realTimersDatedBy } from '../helpers/clock.js';
import { aContact, aMember, anAuthorizedGroup, aUser, lastLog, rendered, texts, withSettings } from '../helpers/bot-fixtures.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 4 });

/** A built-in template of a language, rendered as the bot sends it. */
function renderedIn(language: LanguageCode, type: TemplateType, values: TemplateValues = {}): string {
  return renderTemplate(BOT_TEXTS[language].templates[type], values);
}

/** Runs SQL for one test and undoes it with the other statement when the test ends. */
async function meanwhile(t: Test, change: () => Promise<unknown>, undo: () => Promise<unknown>) {
  await change();
  t.teardown(undo);
}

t.test('a user whose Telegram is in Ukrainian gets the Ukrainian welcome, and the log row says uk', async (t) => {
  const olena = await aMember(h, group.id, { firstName: 'Олена', languageCode: 'uk' });
  const [welcome] = texts(await h.say(olena.id, '/start'));
  t.equal(welcome, renderedIn('uk', 'welcome', { first_name: 'Олена', searches_left: 'У вас 4 пошуки з 4 на сьогодні' }));
  t.match(welcome, /^👋 Вітаю, Олена!.*\n\nУ вас 4 пошуки з 4 на сьогодні\.$/s);
  t.match(await lastLog(h.sql, olena.id), { message: 'Sent the welcome message', language: 'uk' });
});

t.test('a regional code is its language: pt-BR gets Portuguese', async (t) => {
  const joao = await aMember(h, group.id, { firstName: 'João', languageCode: 'pt-BR' });
  t.same(texts(await h.say(joao.id, '/help')), [renderedIn('pt', 'help', { searches_left: 'Hoje você tem 4 buscas de 4' })]);
  t.match(await lastLog(h.sql, joao.id), { language: 'pt' });
});

t.test('a language the bot does not speak gets the default language, which System Settings choose', async (t) => {
  const aiko = await aMember(h, group.id, { firstName: 'Aiko', languageCode: 'ja' });
  t.same(texts(await h.say(aiko.id, '/start')), [rendered('welcome', { first_name: 'Aiko', searches_left: '4 of 4 searches left today' })], 'English by default');
  await withSettings(t, h.sql, { defaultLanguage: 'de' });
  const [welcome] = texts(await h.say(aiko.id, '/start'));
  t.equal(welcome, renderedIn('de', 'welcome', { first_name: 'Aiko', searches_left: '4 von 4 Suchen heute übrig' }));
  t.match(welcome, /^👋 Hallo, Aiko!/);
  t.match(await lastLog(h.sql, aiko.id), { language: 'de' });
});

t.test('a language the settings no longer offer falls back to the default', async (t) => {
  const piotr = await aMember(h, group.id, { firstName: 'Piotr', languageCode: 'pl' });
  t.same(texts(await h.say(piotr.id, '/start')), [renderedIn('pl', 'welcome', { first_name: 'Piotr', searches_left: 'Na dziś masz 4 wyszukiwania z 4' })]);
  await withSettings(t, h.sql, { botLanguages: ['en', 'uk'] });
  t.same(texts(await h.say(piotr.id, '/start')), [rendered('welcome', { first_name: 'Piotr', searches_left: '4 of 4 searches left today' })]);
});

t.test('refusals are in the user\'s language too', async (t) => {
  const stranger = aUser(h, { firstName: 'Hans', languageCode: 'de' });
  t.same(texts(await h.say(stranger.id, '/start')), [renderedIn('de', 'error', { error_message: BOT_TEXTS.de.refusals.accessDenied })]);
  t.match(BOT_TEXTS.de.refusals.accessDenied, /^Dieser Bot steht nur Mitgliedern unserer Partnergruppen zur Verfügung\./);
});

t.test('a missing translation falls back to the default language\'s active template, then to the built-in text', async (t) => {
  const taras = await aMember(h, group.id, { firstName: 'Тарас', languageCode: 'uk' });
  await meanwhile(
    t,
    () => h.sql`UPDATE message_templates SET content = 'Welcome, {first_name} (edited in English)' WHERE type = 'welcome' AND language = 'en' AND is_active`,
    () => h.sql`UPDATE message_templates SET content = ${BOT_TEXTS.en.templates.welcome} WHERE type = 'welcome' AND language = 'en' AND is_active`,
  );
  t.same(texts(await h.say(taras.id, '/start')), [renderedIn('uk', 'welcome', { first_name: 'Тарас', searches_left: 'У вас 4 пошуки з 4 на сьогодні' })], 'his own language first');
  await meanwhile(
    t,
    () => h.sql`UPDATE message_templates SET is_active = false WHERE type = 'welcome' AND language = 'uk'`,
    () => h.sql`UPDATE message_templates SET is_active = true WHERE type = 'welcome' AND language = 'uk'`,
  );
  t.same(texts(await h.say(taras.id, '/start')), ['Welcome, Тарас (edited in English)'], 'the default language\'s active template');
  await meanwhile(
    t,
    () => h.sql`UPDATE message_templates SET is_active = false WHERE type = 'welcome' AND language = 'en'`,
    () => h.sql`UPDATE message_templates SET is_active = true WHERE type = 'welcome' AND language = 'en'`,
  );
  t.same(texts(await h.say(taras.id, '/start')), [renderedIn('uk', 'welcome', { first_name: 'Тарас', searches_left: 'У вас 4 пошуки з 4 на сьогодні' })], 'the built-in Ukrainian text');
});

t.test('the command menu is set in every offered language, /find and /language among the commands', async (t) => {
  t.same(await h.medBot.api.getMyCommands({ language_code: 'uk' }), [
    { command: 'start', description: 'Почати й дізнатися, що вміє бот' },
    { command: 'find', description: 'Знайти фахівця, напр. /find стоматолог Київ' },
    { command: 'help', description: 'Як знайти медичні контакти поруч' },
    { command: 'language', description: 'Обрати мову відповідей' },
  ]);
  t.same(await h.medBot.api.getMyCommands(), [
    { command: 'start', description: 'Start and see what this bot does' },
    { command: 'find', description: 'Find a specialist, e.g. /find dentist London' },
    { command: 'help', description: 'How to find medical contacts near you' },
    { command: 'language', description: 'Choose the language I answer in' },
  ], 'the default language\'s menu for every other app language');
  for (const language of ['pl', 'de', 'fr', 'es', 'it', 'pt'] as const) {
    t.same((await h.medBot.api.getMyCommands({ language_code: language })).map((command) => command.description), [BOT_TEXTS[language].commands.start, FIND_TEXTS[language].command, BOT_TEXTS[language].commands.help, BOT_TEXTS[language].commands.language], language);
  }
});

t.test('counts take the plural form of the language: Ukrainian one, few and many', async (t) => {
  const contacts = { one: 'контакт', few: 'контакти', many: 'контактів', other: 'контакту' };
  t.same([1, 3, 5, 11, 21, 22].map((count) => formatCountIn('uk', count, contacts)), ['1 контакт', '3 контакти', '5 контактів', '11 контактів', '21 контакт', '22 контакти']);
  const hour = 60 * 60_000;
  t.same([1, 3, 5].map((hours) => formatDurationIn('uk', hours * hour)), ['1 годину', '3 години', '5 годин']);
  t.equal(formatDurationIn('uk', 2 * hour + 21 * 60_000), '2 години і 21 хвилину');
  t.equal(formatDurationIn('pl', 5 * hour + 2 * 60_000), '5 godzin i 2 minuty');
  t.equal(formatDurationIn('de', hour + 60_000), '1 Stunde und 1 Minute');
  t.equal(formatDurationIn('en', 5 * hour + 12 * 60_000), '5 h 12 min', 'English as before');
});

t.test('the daily limit reached is told in Ukrainian, with the time until it resets in the right form', async (t) => {
  // A user's limit is the largest of the default's and their groups'.
  await withSettings(t, h.sql, { defaultDailyLimit: 1 });
  const small = await anAuthorizedGroup(h, { dailyLimit: 1 });
  const oksana = await aMember(h, small.id, { firstName: 'Оксана', languageCode: 'uk' });
  await aContact(h.sql, { latitude: 50.4501, longitude: 30.5234, city: 'Kyiv', country: 'UA' });
  const noon = h.clock.now();
  t.teardown(() => h.clock.set(noon));
  h.clock.set(new Date('2026-11-21T21:00:00Z'));
  await h.locate(oksana.id, 50.45, 30.52);
  const [refusal] = texts(await h.locate(oksana.id, 50.45, 30.52));
  t.equal(refusal, '⏳ На жаль, Оксана, пошуки на сьогодні закінчилися. У вас 0 пошуків з 1 на сьогодні; наступний — через 3 години.');
});

t.test('a database seeded in English before gets the other languages, and a template written by hand stays the active one', async (t) => {
  await h.sql`DELETE FROM message_templates WHERE language <> 'en'`;
  await h.sql`DELETE FROM seeds WHERE name = 'default-templates-translations'`;
  const [own] = await h.sql<{ id: number }[]>`
    INSERT INTO message_templates (name, type, content, variables, is_active, language)
    VALUES ('Our welcome', 'welcome', 'Привіт, {first_name}!', '{first_name}', true, 'uk') RETURNING id`;
  await seedDefaultTemplates(h.sql);
  t.teardown(async () => {
    await h.sql`DELETE FROM message_templates WHERE id = ${own!.id}`;
    await h.sql`UPDATE message_templates SET is_active = true WHERE type = 'welcome' AND language = 'uk'`;
  });
  const active = await h.sql<{ language: string; types: number }[]>`
    SELECT language, count(*)::int AS types FROM message_templates WHERE is_active GROUP BY language ORDER BY language`;
  t.same(active, ['de', 'en', 'es', 'fr', 'it', 'pl', 'pt', 'uk'].map((language) => ({ language, types: 9 })), 'one active template of each type in every language');
  const welcomes = await h.sql<{ content: string; isActive: boolean }[]>`
    SELECT content, is_active FROM message_templates WHERE type = 'welcome' AND language = 'uk' ORDER BY id`;
  t.same(welcomes, [{ content: 'Привіт, {first_name}!', isActive: true }, { content: BOT_TEXTS.uk.templates.welcome, isActive: false }]);
  await seedDefaultTemplates(h.sql);
  t.equal((await h.sql`SELECT 1 FROM message_templates`).length, 8 * 9 + 1, 'seeded once');
});

t.test('/language switches the language with buttons, and the choice holds across a restart', async (t) => {
  const maria = await aMember(h, group.id, { firstName: 'Maria', languageCode: 'en' });
  const [question] = await h.say(maria.id, '/language');
  t.equal(question!.text, 'Which language should I answer you in?');
  t.same(question!.reply_markup!.inline_keyboard.map((row) => row.length), [2, 2, 2, 2], 'two a row, and no empty row');
  const buttons = question!.reply_markup!.inline_keyboard.flat();
  t.same(
    buttons.map((button) => button.text),
    ['✓ English', 'Українська', 'Polski', 'Deutsch', 'Français', 'Español', 'Italiano', 'Português'],
    'every offered language in its own name, the current one ticked',
  );
  t.same(buttons.map((button) => 'callback_data' in button && button.callback_data), ['lang:en', 'lang:uk', 'lang:pl', 'lang:de', 'lang:fr', 'lang:es', 'lang:it', 'lang:pt']);

  t.same(texts(await h.press(maria.id, maria.id, question!.message_id, 'lang:uk')), ['Готово: відтепер я відповідатиму українською.']);
  t.notOk(h.sim.messages(maria.id).find((m) => m.message_id === question!.message_id)!.reply_markup, 'the buttons are taken away');
  t.match(await lastLog(h.sql, maria.id), { message: 'The user chose Ukrainian', language: 'uk' });
  const [row] = await h.sql<{ chosenLanguage: string }[]>`SELECT chosen_language FROM telegram_users WHERE telegram_id = ${maria.id}`;
  t.same(row, { chosenLanguage: 'uk' }, 'stored');
  t.same(texts(await h.say(maria.id, '/start')), [renderedIn('uk', 'welcome', { first_name: 'Maria', searches_left: 'У вас 4 пошуки з 4 на сьогодні' })], 'chosen beats Telegram\'s language');
  const [again] = await h.say(maria.id, '/language');
  t.equal(again!.text, 'Якою мовою вам відповідати?');
  t.match(again!.reply_markup!.inline_keyboard.flat().map((button) => button.text), ['English', '✓ Українська']);

  // A new bot on the same database: nothing of the choice is kept in the old one's memory.
  await h.medBot.stop();
  const restarted = createBot({ sql: h.sql, token: h.sim.token, apiRoot: h.sim.apiRoot, clock: realTimersDatedBy(h.clock) });
  await restarted.start();
  t.teardown(() => restarted.stop());
  const before = h.sim.messages(maria.id).at(-1)!.message_id;
  const delivery = h.sim.sendText(maria.id, '/start');
  await restarted.whenHandled(delivery.update_id);
  t.same(texts(h.sim.botMessagesSince(maria.id, before)), [renderedIn('uk', 'welcome', { first_name: 'Maria', searches_left: 'У вас 4 пошуки з 4 на сьогодні' })]);
});
