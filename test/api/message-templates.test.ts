import t from 'tap';
import { LANGUAGE_CODES } from '../../api/contract/languages.js';
import { createTestApp } from '../helpers/app.js';
import { seedDefaultTemplates } from '../../bot/replies/default-templates.js';
import { upsertTelegramUser } from '../../sql/bot-users.js';
import { TEMPLATE_TYPES, type MessageTemplate, type TemplatePreview } from '../../api/contract/message-templates.js';

const URL = '/api/message-templates';

t.test('message templates', async (t) => {
  const { db, clock, call, userWithToken } = await createTestApp(t);
  await seedDefaultTemplates(db.sql);
  const { token } = await userWithToken('editor');
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    call(token, { method, url, ...(payload ? { payload } : {}) });
  const create = async (fields: Partial<MessageTemplate> = {}) => {
    const response = await api('POST', URL, { name: 'Spring news', type: 'broadcast', content: 'Hi {first_name}!', ...fields });
    t.equal(response.statusCode, 201, response.body);
    return response.json() as MessageTemplate;
  };

  t.test('the list is grouped by type, each type\'s default language first, then the bot\'s languages in order', async (t) => {
    await db.sql`UPDATE system_settings SET default_language = 'pt'`;
    t.teardown(() => db.sql`UPDATE system_settings SET default_language = 'en'`);
    const all = (await api('GET', URL)).json() as MessageTemplate[];
    const languages = ['pt', ...LANGUAGE_CODES.filter((code) => code !== 'pt')];
    t.strictSame(
      all.map((template) => `${template.type}:${template.language}`),
      TEMPLATE_TYPES.flatMap((type) => languages.map((language) => `${type}:${language}`)),
    );
  });

  t.test('create, list, filter, update and delete, each in the audit log', async (t) => {
    const created = await create({
      name: '  Weekly reminder ',
      type: 'custom',
      content: 'Hi {first_name} {last_name}, {first_name}: {remaining} of {daily_limit} left.',
      variables: ['ignored', 'by', 'the server'],
      isActive: false,
    });
    t.match(created, { name: 'Weekly reminder', type: 'custom', isActive: false, usageCount: 0 });
    t.strictSame(created.variables, ['first_name', 'last_name', 'remaining', 'daily_limit'], 'computed from content, de-duplicated');

    const all = (await api('GET', URL)).json() as MessageTemplate[];
    t.equal(all.length, TEMPLATE_TYPES.length * LANGUAGE_CODES.length + 1, 'the seeded defaults in every language and the new one');
    const customs = (await api('GET', `${URL}?type=custom`)).json() as MessageTemplate[];
    t.ok(customs.length === LANGUAGE_CODES.length + 1 && customs.every((template) => template.type === 'custom'), 'the type filter');
    const searched = (await api('GET', `${URL}?search=weekly`)).json() as MessageTemplate[];
    t.strictSame(searched.map((template) => template.id), [created.id], 'search matches the name, case-insensitively');
    const byContent = (await api('GET', `${URL}?search=${encodeURIComponent('{daily_limit} left')}`)).json() as MessageTemplate[];
    t.strictSame(byContent.map((template) => template.id), [created.id], 'search matches the content');
    t.strictSame((await api('GET', `${URL}?search=100%25`)).json(), [], 'a % in the search is literal');
    t.equal((await api('GET', `${URL}?type=nonsense`)).statusCode, 400);

    const patched = await api('PATCH', `${URL}/${created.id}`, { content: 'Bye {username}', isActive: true, usageCount: 99, variables: ['x'] });
    t.equal(patched.statusCode, 200, patched.body);
    const updated = patched.json() as MessageTemplate;
    t.match(updated, { content: 'Bye {username}', isActive: true, usageCount: 0, name: 'Weekly reminder' });
    t.strictSame(updated.variables, ['username']);

    t.strictSame((await api('DELETE', `${URL}/${created.id}`)).json(), { success: true });
    t.equal((await api('DELETE', `${URL}/${created.id}`)).statusCode, 404);
    t.equal((await api('PATCH', `${URL}/${created.id}`, { name: 'Gone' })).statusCode, 404);

    const actions = await db.sql<{ action: string }[]>`
      SELECT action FROM audit_log WHERE target_type = 'message_template' AND target_id = ${String(created.id)} ORDER BY id`;
    t.strictSame(actions.map((row) => row.action), ['message-template.create', 'message-template.update', 'message-template.delete']);
  });

  t.test('validation messages', async (t) => {
    const refused = async (payload: object, message: string | RegExp, method: 'POST' | 'PATCH' = 'POST', url = URL) => {
      const response = await api(method, url, payload);
      t.equal(response.statusCode, 400, `${JSON.stringify(payload).slice(0, 60)}: 400`);
      t.match(response.json().message, message);
    };
    await refused({ type: 'custom', content: 'x' }, 'Name is required. Enter it.');
    await refused({ name: '   ', type: 'custom', content: 'x' }, 'Name is required. Enter it.');
    await refused({ name: 'n'.repeat(101), type: 'custom', content: 'x' }, 'Name can be at most 100 characters. Shorten it.');
    await refused({ name: 'A', type: 'custom', content: '  ' }, 'Content is required. Write the message.');
    await refused({ name: 'A', type: 'custom' }, 'Content is required. Write the message.');
    await refused({ name: 'A', type: 'newsletter', content: 'x' }, /^Choose a template type: welcome, location_result, .*broadcast, custom\.$/);
    await refused(
      { name: 'A', type: 'custom', content: 'x'.repeat(4097) },
      'The message is too long for Telegram: 4,097 characters once its placeholders hold their longest values, over the limit of 4,096 characters. Shorten it.',
    );
    // 4032 characters of text and {first_name} at its longest (64, Telegram's limit for a name): 4096 once rendered, which fits.
    await create({ name: 'Long', type: 'custom', content: `${'x'.repeat(4032)}{first_name}` });
    await refused({ name: 'A', type: 'custom', content: `${'x'.repeat(4033)}{first_name}` }, /4,097 characters once its placeholders/);
    const target = await create({ name: 'To edit', type: 'custom' });
    await refused({ content: '<b>&amp;</b>'.repeat(400) }, /too long for Telegram/, 'PATCH', `${URL}/${target.id}`);
    await refused({ name: '' }, 'Name is required. Enter it.', 'PATCH', `${URL}/${target.id}`);
  });

  t.test('content Telegram would refuse as HTML is refused on save, naming content and the reason', async (t) => {
    const unclosed = await api('POST', URL, { name: 'Broken', type: 'custom', content: '<b>{first_name} unclosed' });
    t.equal(unclosed.statusCode, 400);
    const reason = 'The message is not HTML Telegram accepts: Unclosed <b> tag: close it with </b>. Fix the tag, or remove it.';
    t.strictSame(unclosed.json(), { error: 'Bad Request', message: reason, field: 'content', fields: { content: reason } });
    const target = await create({ name: 'Fine', type: 'custom', content: '<b>Hi</b> {first_name}' });
    const patched = await api('PATCH', `${URL}/${target.id}`, { content: 'Hi <div>{first_name}</div>' });
    t.equal(patched.statusCode, 400);
    t.match(patched.json().fields.content, /^The message is not HTML Telegram accepts: <div> is not a tag Telegram supports/);
    t.equal((await api('GET', `${URL}/../message-templates?search=Broken`)).json().length, 0, 'nothing was saved');
  });

  t.test('the bot always keeps an active template of each type it needs', async (t) => {
    // The default language's: users of other languages fall back to it, so it is the one the bot needs.
    const welcome = ((await api('GET', `${URL}?type=welcome&language=en`)).json() as MessageTemplate[]).find((template) => template.isActive)!;
    const ukrainian = ((await api('GET', `${URL}?type=welcome&language=uk`)).json() as MessageTemplate[]).find((template) => template.isActive)!;
    t.equal((await api('PATCH', `${URL}/${ukrainian.id}`, { isActive: false })).statusCode, 200, 'another language may go without: it falls back');
    const message = 'The bot needs an active welcome template: activate another one first';
    for (const [method, payload] of [['PATCH', { isActive: false }], ['PATCH', { type: 'custom' }], ['PATCH', { language: 'uk' }], ['DELETE', undefined]] as const) {
      const response = await api(method, `${URL}/${welcome.id}`, payload);
      t.equal(response.statusCode, 409, `${method} ${JSON.stringify(payload)}`);
      t.equal(response.json().message, message);
    }
    t.equal((await api('PATCH', `${URL}/${welcome.id}`, { name: 'Renamed welcome' })).statusCode, 200, 'other edits are fine');

    const another = await create({ name: 'Friendlier welcome', type: 'welcome', content: 'Welcome, {first_name}!' });
    t.equal((await api('PATCH', `${URL}/${welcome.id}`, { isActive: false })).statusCode, 200, 'with another active one, deactivating is fine');
    const refused = await api('DELETE', `${URL}/${another.id}`);
    t.equal(refused.statusCode, 409, 'now the new one is the last active welcome');
    t.equal(refused.json().message, message);
    t.equal((await api('DELETE', `${URL}/${welcome.id}`)).statusCode, 200, 'an inactive one can go');

    const broadcasts = (await api('GET', `${URL}?type=broadcast`)).json() as MessageTemplate[];
    for (const template of broadcasts) t.equal((await api('DELETE', `${URL}/${template.id}`)).statusCode, 200, 'broadcast templates are not needed by the bot');
  });

  t.test('one active template per type and language: activating one deactivates the other, in the audit log', async (t) => {
    // Only the English help of the seeded ones, so the languages below start with none active.
    await db.sql`DELETE FROM message_templates WHERE type = 'help' AND language <> 'en'`;
    const first = await create({ name: 'Вітання', type: 'help', language: 'uk', content: 'Привіт, {first_name}!' });
    t.match(first, { language: 'uk', isActive: true });
    const second = await create({ name: 'Вітання 2', type: 'help', language: 'uk', content: 'Вітаємо, {first_name}!' });
    const activeHelp = async () =>
      ((await api('GET', `${URL}?type=help`)).json() as MessageTemplate[]).filter((template) => template.isActive).map((template) => [template.id, template.language]);
    const english = ((await api('GET', `${URL}?type=help&language=en`)).json() as MessageTemplate[]).find((template) => template.isActive)!;
    t.strictSame((await activeHelp()).sort(), [[english.id, 'en'], [second.id, 'uk']].sort(), 'the new Ukrainian one replaced the first; English is untouched');

    const reactivated = await api('PATCH', `${URL}/${first.id}`, { isActive: true });
    t.equal(reactivated.statusCode, 200, reactivated.body);
    t.strictSame((await activeHelp()).sort(), [[english.id, 'en'], [first.id, 'uk']].sort(), 'activating takes the place of the active one');

    const polish = await create({ name: 'Pomoc', type: 'help', language: 'pl', content: 'Cześć!', isActive: false });
    t.equal((await api('PATCH', `${URL}/${second.id}`, { language: 'pl', isActive: true })).statusCode, 200, 'moved to Polish and activated');
    t.strictSame((await activeHelp()).sort(), [[english.id, 'en'], [first.id, 'uk'], [second.id, 'pl']].sort());
    t.equal((await api('PATCH', `${URL}/${polish.id}`, { isActive: true })).statusCode, 200);
    t.strictSame((await activeHelp()).sort(), [[english.id, 'en'], [first.id, 'uk'], [polish.id, 'pl']].sort());

    // Both at once: the lock makes the second see the first, never a clash on the unique index.
    const racing = await Promise.all([1, 2, 3].map((n) => api('POST', URL, { name: `Race ${n}`, type: 'help', language: 'de', content: `Hallo ${n}` })));
    t.strictSame(racing.map((response) => response.statusCode), [201, 201, 201]);
    t.equal((await activeHelp()).filter(([, language]) => language === 'de').length, 1, 'one active German help');

    const replaced = await db.sql<{ after: { isActive: boolean; replacedBy: number } }[]>`
      SELECT after FROM audit_log WHERE target_type = 'message_template' AND target_id = ${String(second.id)} AND action = 'message-template.update' ORDER BY id`;
    t.strictSame(replaced[0]?.after, { isActive: false, replacedBy: first.id }, 'the replaced template is in the audit log with what replaced it');
  });

  t.test('the language is validated and filters the list', async (t) => {
    for (const [method, url, payload] of [
      ['POST', URL, { name: 'A', type: 'custom', content: 'x', language: 'xx' }],
      ['PATCH', `${URL}/${(await create({ name: 'B', type: 'custom' })).id}`, { language: 'EN' }],
    ] as const) {
      const response = await api(method, url, payload);
      t.equal(response.statusCode, 400, `${method} ${JSON.stringify(payload)}`);
      t.strictSame(response.json().fields, { language: 'Choose a language: en, uk, pl, de, fr, es, it, pt.' });
    }
    t.equal((await api('GET', `${URL}?language=klingon`)).statusCode, 400);
    t.equal((await create({ name: 'Default', type: 'custom' })).language, 'en', 'English when not given');
    const italian = await create({ name: 'Notizie', type: 'broadcast', language: 'it', content: 'Ciao {first_name}' });
    const listed = (await api('GET', `${URL}?language=it`)).json() as MessageTemplate[];
    t.ok(listed.some((template) => template.id === italian.id), 'the Italian one is listed');
    t.ok(listed.every((template) => template.language === 'it'), 'only Italian ones');
    t.strictSame(((await api('GET', `${URL}?language=it&type=custom`)).json() as MessageTemplate[]).filter((template) => template.language !== 'it'), []);
  });

  t.test('the languages the bot offers that have no active template, per type', async (t) => {
    await db.sql`DELETE FROM message_templates WHERE language <> 'en'`;
    await db.sql`UPDATE system_settings SET bot_languages = '{en,uk,pl,it}'`;
    const missing = async () => (await api('GET', `${URL}/missing-languages`)).json() as { type: string; missing: string[] }[];
    const before = await missing();
    t.strictSame(before.map((row) => row.type), ['welcome', 'location_result', 'master_of_medicine', 'location_confirmation', 'error', 'help', 'rate_limit']);
    t.ok(before.every((row) => JSON.stringify(row.missing) === '["uk","pl","it"]'), 'every type misses the three, in the order offered');
    await create({ name: 'Вітання', type: 'welcome', language: 'uk', content: 'Вітаю, {first_name}!' });
    await create({ name: 'Benvenuto', type: 'welcome', language: 'it', content: 'Ciao!', isActive: false });
    t.strictSame((await missing()).find((row) => row.type === 'welcome'), { type: 'welcome', missing: ['pl', 'it'] }, 'an inactive one does not count');
    await db.sql`UPDATE system_settings SET bot_languages = '{en,uk}'`;
    t.strictSame((await missing()).find((row) => row.type === 'welcome'), { type: 'welcome', missing: [] }, 'only the offered languages');
    t.strictSame((await missing()).find((row) => row.type === 'help'), { type: 'help', missing: ['uk'] });
    await db.sql`UPDATE system_settings SET bot_languages = '{en,uk,pl,de,fr,es,it,pt}'`;
  });

  t.test('preview: sample values, escaping, warnings, a real user', async (t) => {
    const preview = async (payload: object) => {
      const response = await api('POST', `${URL}/preview`, payload);
      t.equal(response.statusCode, 200, response.body);
      return response.json() as TemplatePreview;
    };
    t.strictSame(await preview({ content: '<b>Hi {first_name}</b>, {daily_limit} a day; {mystery}{other}{mystery}.' }), {
      html: '<b>Hi John</b>, 3 a day; .',
      length: 26,
      unknownPlaceholders: ['mystery', 'other'],
      tooLong: false,
    });
    t.match(await preview({ content: 'y'.repeat(5000) }), { length: 5000, tooLong: true });
    t.equal((await preview({ content: 'Привіт, {first_name}! {city}: {reset_time}', language: 'uk' })).html, 'Привіт, Олена! Київ: 5 год 12 хв', 'Ukrainian sample values');
    t.equal((await api('POST', `${URL}/preview`, { content: 'x', language: 'zz' })).statusCode, 400);

    await upsertTelegramUser(db.sql, { telegramId: 7001, firstName: 'Ann <script>', lastName: 'O"Brien & Co', username: 'ann', languageCode: 'en' }, clock.now());
    await db.sql`INSERT INTO daily_usage (telegram_id, usage_date, used) VALUES (7001, ${clock.now().toISOString().slice(0, 10)}::date, 1)`;
    const real = await preview({ content: '{first_name} {last_name} @{username}: {remaining}/{daily_limit}', telegramUserId: 7001 });
    t.equal(real.html, 'Ann &lt;script&gt; O&quot;Brien &amp; Co @ann: 2/3', "the user's values, escaped as the bot escapes them");
    t.equal((await api('POST', `${URL}/preview`, { content: 'x', telegramUserId: 999 })).statusCode, 404);
    await upsertTelegramUser(db.sql, { telegramId: 7002, firstName: 'Ops', lastName: null, username: null, languageCode: 'de' }, clock.now());
    await db.sql`INSERT INTO admin_whitelist (telegram_id, first_name, reason) VALUES (7002, 'Ops', 'test')`;
    const unlimited = await preview({ content: 'Hallo {first_name}!\nHeute noch {remaining} von {daily_limit}.\nPro Tag: {daily_limit}.', telegramUserId: 7002, language: 'de' });
    t.equal(unlimited.html, 'Hallo Ops!\nPro Tag: unbegrenzt.', "a whitelisted admin's own limit, none: the line with {remaining} is left out, in the template's language");

    const users = (await api('GET', `${URL}/preview-users?search=ann`)).json() as { telegramId: number; firstName: string }[];
    t.strictSame(users.map((user) => [user.telegramId, user.firstName]), [[7001, 'Ann <script>']]);
  });
});
