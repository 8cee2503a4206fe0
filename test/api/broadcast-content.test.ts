import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { someBotUsers } from '../helpers/broadcasts.js';
import type { Broadcaster } from '../../api/ports.js';
import { insertTemplate } from '../../sql/message-templates.js';

// A broadcast Telegram would refuse fails for every recipient, so its text is checked before anything is queued or sent.
t.test('broadcast texts Telegram would refuse are refused with a 400 naming content', async (t) => {
  const sent: string[] = [];
  const broadcaster: Broadcaster = {
    wake: () => undefined,
    cancelled: () => undefined,
    sendTest: async (_chatId, content) => {
      sent.push(content);
      return { ok: true, messageId: 1 };
    },
  };
  const { call, userWithToken, db } = await createTestApp(t, { broadcaster });
  const { token } = await userWithToken('admin');
  await someBotUsers(db.sql, 2, 500);
  const unclosed = 'The message is not HTML Telegram accepts: Unclosed <b> tag: close it with </b>. Fix the tag, or remove it.';
  const tooLong = /^The message is too long for Telegram: 4,097 characters once its placeholders hold their longest values, over the limit of 4,096 characters\. Shorten it\.$/;
  const cases: [string, Record<string, unknown>, string | RegExp][] = [
    ['/api/broadcast-send', { title: 'T', targetType: 'all', content: '<b>{first_name} unclosed' }, unclosed],
    ['/api/broadcast-send', { title: 'T', targetType: 'all', content: 'x'.repeat(4097) }, tooLong],
    ['/api/broadcast-send', { title: 'T', targetType: 'all', content: `${'x'.repeat(4033)}{first_name}` }, /4,097 characters/],
    ['/api/broadcast-test', { userId: 500, content: '<b>{first_name} unclosed' }, unclosed],
    ['/api/broadcast-test', { userId: 500, content: 'x'.repeat(4097) }, tooLong],
  ];
  for (const [url, payload, reason] of cases) {
    const response = await call(token, { method: 'POST', url, payload });
    t.equal(response.statusCode, 400, `${url} ${String(payload.content).slice(0, 30)}`);
    t.match(response.json().fields.content, reason);
    t.equal(response.json().field, 'content');
    t.equal(response.json().message, response.json().fields.content, 'the sentence itself, with no field name before it');
  }
  t.equal((await db.sql`SELECT 1 FROM broadcasts`).length, 0, 'nothing was queued');
  t.strictSame(sent, [], 'nothing was sent');

  const fits = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: 'T', targetType: 'all', content: `<b>${'x'.repeat(4025)}</b>{first_name}` } });
  t.equal(fits.statusCode, 202, 'exactly 4096 characters with the longest name fits');
});

t.test('a placeholder a broadcast cannot fill is refused on save, naming it and those it can', async (t) => {
  const sent: { content: string; language: string | undefined }[] = [];
  const broadcaster: Broadcaster = {
    wake: () => undefined,
    cancelled: () => undefined,
    sendTest: async (_chatId, content, language) => {
      sent.push({ content, language });
      return { ok: true, messageId: 1 };
    },
  };
  const { call, userWithToken, db } = await createTestApp(t, { broadcaster });
  const { token } = await userWithToken('admin');
  await someBotUsers(db.sql, 2, 600);
  const known = 'Known: {first_name}, {last_name}, {username}, {daily_limit}, {remaining}, {reset_time}, {searches_left}.';
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['/api/broadcast-send', { title: 'T', targetType: 'all', content: 'You have {remainig} searches left' }, 'content', `Unknown placeholder {remainig}. ${known}`],
    ['/api/broadcast-send', { title: 'T', targetType: 'all', content: 'Hi {first_name}', translations: { uk: 'Привіт, {name}' } }, 'translations.uk', `Unknown placeholder {name}. ${known}`],
    ['/api/broadcast-send', { title: 'T', targetType: 'all', content: 'Near {city}' }, 'content', `Unknown placeholder {city}. ${known}`],
    ['/api/broadcast-test', { userId: 600, content: 'Left: {remainig}' }, 'content', `Unknown placeholder {remainig}. ${known}`],
  ];
  for (const [url, payload, field, message] of cases) {
    const response = await call(token, { method: 'POST', url, payload });
    t.equal(response.statusCode, 400, `${url} ${String(payload.content)}`);
    t.match(response.json(), { field, message });
  }
  t.equal((await db.sql`SELECT 1 FROM broadcasts`).length, 0, 'nothing was queued');
  t.strictSame(sent, [], 'nothing was sent');

  // A reply's template: only a reply fills its place and count.
  const reply = await insertTemplate(db.sql, { name: 'Location results', type: 'location_result', content: 'Near {city}: {count}', variables: ['city', 'count'], isActive: true });
  const byTemplate = await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: 'T', targetType: 'template', templateId: reply.id } });
  t.equal(byTemplate.statusCode, 400);
  t.match(byTemplate.json(), { field: 'templateId', message: `Unknown placeholder {city}. ${known} The template “Location results” cannot be sent as a broadcast: choose another.` });

  const every = 'Hi {first_name} {last_name} @{username}: {remaining} of {daily_limit}, back in {reset_time}. {searches_left}.';
  t.equal((await call(token, { method: 'POST', url: '/api/broadcast-send', payload: { title: 'T', targetType: 'all', content: every } })).statusCode, 202, 'every placeholder a broadcast fills');
  const test = await call(token, { method: 'POST', url: '/api/broadcast-test', payload: { userId: 600, content: 'Hi {first_name}', language: 'uk', translations: { uk: 'Привіт, {first_name}' } } });
  t.equal(test.statusCode, 200);
  t.strictSame(sent, [{ content: 'Привіт, {first_name}', language: 'uk' }], 'the sender is told the language of the text, to write the values in');
});
