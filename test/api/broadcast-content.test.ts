import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { someBotUsers } from '../helpers/broadcasts.js';
import type { Broadcaster } from '../../api/ports.js';

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
