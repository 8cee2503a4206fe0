import t from 'tap';
import { sign } from '@tma.js/init-data-node';
import { launchData, createMiniAppHarness } from '../helpers/mini-app.js';
import { aMember, anAuthorizedGroup, aUser, aWhitelistedAdmin, texts, withSettings } from '../helpers/bot-fixtures.js';
import { SIGNATURE_REFUSAL } from '../../api/plugins/mini-app-auth.js';
import { BOT_TEXTS } from '../../bot/locales/index.js';
import { MINI_APP_FLOOD_CONTROL } from '../../bot/mini-app/service.js';

const h = await createMiniAppHarness(t, { floodControl: MINI_APP_FLOOD_CONTROL });
const SESSION = '/api/mini-app/session';
const signatureRefused = { refusal: 'signature', message: SIGNATURE_REFUSAL };
const launchUser = (user: { id: number; first_name: string }, languageCode?: string) => ({ id: user.id, first_name: user.first_name, ...(languageCode && { language_code: languageCode }) });
const withHeader = (authorization: string | undefined) =>
  h.api.app.inject({ method: 'GET', url: SESSION, headers: authorization === undefined ? {} : { authorization } });
const group = await anAuthorizedGroup(h, { dailyLimit: 3 });

t.test('with no active authorized group, only the whitelist lets anyone in: others are refused not_whitelisted in the bot\'s words', async (t) => {
  await h.sql`UPDATE authorized_groups SET is_active = false`;
  t.teardown(async () => {
    await h.sql`UPDATE authorized_groups SET is_active = true`;
  });
  const eve = aUser(h, { firstName: 'Eve' });
  const response = await h.call(launchUser(eve), 'GET', SESSION);
  t.equal(response.statusCode, 403);
  const [botWords] = texts(await h.say(eve.id, '/start'));
  t.same(response.json(), { refusal: 'not_whitelisted', message: botWords });
  t.equal(response.json().message, '⚠️ This bot is only for members of our partner groups. Ask a group administrator to add you, then try again.');
  const admin = await aWhitelistedAdmin(h, { firstName: 'Ada' });
  t.equal((await h.call(launchUser(admin), 'GET', SESSION)).statusCode, 200);
});

t.test('the signature check: only launch data Telegram signed for this bot, for this user, within 24 hours', async (t) => {
  const ann = await aMember(h, group.id, { firstName: 'Ann' });
  const bob = await aMember(h, group.id, { firstName: 'Bob' });
  const now = h.clock.now();
  const valid = launchData(h.sim.token, launchUser(ann), now);
  t.equal((await withHeader(`tma ${valid}`)).statusCode, 200, 'valid');
  t.equal((await withHeader(`tma ${launchData(h.sim.token, launchUser(ann), new Date(now.getTime() - 24 * 3600_000))}`)).statusCode, 200, 'exactly 24 hours old');

  const bobsUser = new URLSearchParams(launchData(h.sim.token, launchUser(bob), now)).get('user')!;
  const replayed = new URLSearchParams(valid);
  replayed.set('user', bobsUser);
  const tampered = new URLSearchParams(valid);
  tampered.set('user', tampered.get('user')!.replace('"Ann"', '"Annie"'));
  const refused: [string, string | undefined][] = [
    ['tampered field', `tma ${tampered.toString()}`],
    ['signed with another bot\'s token', `tma ${launchData('123456:another-bot-token', launchUser(ann), now)}`],
    ['expired auth_date', `tma ${launchData(h.sim.token, launchUser(ann), new Date(now.getTime() - 24 * 3600_000 - 1000))}`],
    ['missing header', undefined],
    ['another scheme', `Bearer ${valid}`],
    ['scheme alone', 'tma'],
    ['two values', `tma ${valid} ${valid}`],
    ['not launch data', 'tma %%%'],
    ['a hash that is not hex', `tma ${valid.replace(/hash=[0-9a-f]+/, 'hash=zz')}`],
    ['signed without a user', `tma ${sign({ query_id: 'no-user' }, h.sim.token, now)}`],
    ['another user\'s user field', `tma ${replayed.toString()}`],
  ];
  for (const [name, header] of refused) {
    const response = await withHeader(header);
    t.equal(response.statusCode, 401, name);
    t.same(response.json(), signatureRefused, name);
  }
});

t.test('the bot\'s rules refuse with the bot\'s own words in the user\'s language', async (t) => {
  const stranger = aUser(h, { firstName: 'Stan', languageCode: 'de' });
  const notMember = await h.call(launchUser(stranger, 'de'), 'GET', SESSION);
  t.equal(notMember.statusCode, 403);
  t.same(notMember.json(), { refusal: 'not_member', message: texts(await h.say(stranger.id, '/start'))[0] });
  t.equal(notMember.json().message, `⚠️ ${BOT_TEXTS.de.refusals.accessDenied}`);

  const blocked = await aMember(h, group.id, { firstName: 'Blake' });
  await h.sql`UPDATE telegram_users SET is_blocked = true WHERE telegram_id = ${blocked.id}`;
  const blockedAnswer = await h.call(launchUser(blocked), 'GET', SESSION);
  t.equal(blockedAnswer.statusCode, 403);
  t.same(blockedAnswer.json(), { refusal: 'blocked', message: texts(await h.say(blocked.id, '/start'))[0] });
  t.equal(blockedAnswer.json().message, '⚠️ You can no longer use this bot. If you think this is a mistake, contact the group administrators.');

  const member = await aMember(h, group.id, { firstName: 'Mia' });
  const admin = await aWhitelistedAdmin(h, { firstName: 'Max' });
  await withSettings(t, h.sql, { maintenanceMode: true });
  const maintenance = await h.call(launchUser(member, 'uk'), 'GET', SESSION);
  t.equal(maintenance.statusCode, 403);
  t.same(maintenance.json(), { refusal: 'maintenance', message: `⚠️ ${BOT_TEXTS.uk.refusals.maintenance}` });
  t.equal((await h.call(launchUser(admin), 'GET', SESSION)).statusCode, 200, 'whitelisted admins pass in maintenance, as in the bot');
  const logged = await h.sql`SELECT level, message, command, metadata->>'source' AS source FROM bot_logs WHERE user_id = ${member.id} ORDER BY id DESC LIMIT 1`;
  t.same([...logged], [{ level: 'WARN', message: 'Refused during maintenance', command: 'mini_app', source: 'mini_app' }]);
});

t.test('the Telegram user is recorded as the bot records them, with their language', async (t) => {
  const zoe = { id: 777_001, first_name: 'Zoe', language_code: 'pl' };
  await h.call(zoe, 'GET', SESSION);
  const [row] = await h.sql`SELECT first_name, language_code, last_seen FROM telegram_users WHERE telegram_id = ${zoe.id}`;
  t.same({ ...row }, { firstName: 'Zoe', languageCode: 'pl', lastSeen: h.clock.now() });
});

t.test('a user beyond their share of calls is answered 429, never 5xx', async (t) => {
  const fay = await aMember(h, group.id, { firstName: 'Fay' });
  const statuses: number[] = [];
  for (let call = 0; call < 21; call += 1) statuses.push((await h.call(launchUser(fay), 'GET', SESSION)).statusCode);
  t.same(statuses.slice(0, 20), Array(20).fill(200));
  t.equal(statuses[20], 429);
  h.clock.advance(1000);
  t.equal((await h.call(launchUser(fay), 'GET', SESSION)).statusCode, 200, 'a second later there is room again');
});
