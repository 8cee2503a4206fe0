import t from 'tap';
import { isValid } from '@tma.js/init-data-node';
import { createSandboxApp } from '../helpers/sandbox.js';

t.test('the sandbox signs the Mini App’s launch data for a simulated user, as Telegram does for the bot', async (t) => {
  const api = await createSandboxApp(t);
  const editor = (await api.userWithToken('editor')).token;
  const viewer = (await api.userWithToken('viewer')).token;
  api.bot.sim.upsertUser({ id: 556001, first_name: 'Ada', last_name: 'Lovelace', username: 'ada_l', language_code: 'fr' });
  const launch = (userId: number, token: string) => api.call(token, { method: 'POST', url: `/api/bot-sandbox/users/${userId}/mini-app-launch` });

  const response = await launch(556001, editor);
  t.equal(response.statusCode, 200);
  const { initData } = response.json() as { initData: string };
  t.ok(isValid(initData, api.bot.sim.token, { expiresIn: 0 }), 'signed with the simulated bot’s token (dated by the test clock)');
  t.notOk(isValid(initData, '1:another-bot', { expiresIn: 0 }), 'not with any other');
  const fields = new URLSearchParams(initData);
  t.same(JSON.parse(fields.get('user')!), { id: 556001, first_name: 'Ada', last_name: 'Lovelace', username: 'ada_l', language_code: 'fr' });
  t.equal(fields.get('auth_date'), String(Math.floor(api.clock.now().getTime() / 1000)), 'dated by the app’s clock');

  const unknown = await launch(556099, editor);
  t.equal(unknown.statusCode, 400);
  t.match(unknown.json(), { message: 'No simulated user with Telegram ID 556099: create them first' });
  t.equal((await launch(556001, viewer)).statusCode, 403, 'the sandbox’s permission');
});
