import t from 'tap';
import { createSandboxApp } from '../helpers/sandbox.js';
import { aContact, aMember, aUser, refusal, rendered, texts } from '../helpers/bot-fixtures.js';
import { REFUSALS } from '../../bot/replies/default-templates.js';
import type { AuthorizedGroup, WhitelistEntry } from '../../api/contract/access-control.js';
import { updateSystemSettings } from '../../sql/settings.js';

// Changes made in Access Control reach the bot on the user's next request: it reads the groups
// and the whitelist per request, and the simulator gets a new group's chat at once.

const PRAGUE = { latitude: 50.08, longitude: 14.42 };

const { call, userWithToken, clock, bot: h } = await createSandboxApp(t);
// The system's default daily limit is every served user's floor; at 1, each group's own limit shows.
await updateSystemSettings(h.sql, { defaultDailyLimit: 1 });
clock.set(new Date('2026-11-21T10:00:00Z'));
const { token } = await userWithToken('admin');
const api = async <T>(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<T> => {
  const response = await call(token, { method, url, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
};
await aContact(h.sql, { name: 'Prague GP', latitude: 50.09, longitude: 14.42, city: 'Prague' });
// The first simulated user is who adds the bot to groups created in the console, as at start.
aUser(h, { firstName: 'Olga' });

const lookup = async (userId: number) => texts(await h.locate(userId, PRAGUE.latitude, PRAGUE.longitude))[0];
const isAnswer = (text: string | undefined) => /<b>1\. Prague GP<\/b>/.test(text ?? '');
const DENIED = refusal(REFUSALS.accessDenied);

t.test('a group created in Access Control is served, and stops being served once deactivated or deleted', async (t) => {
  const group = await api<AuthorizedGroup>('POST', '/api/authorized-groups', { groupId: -1001000012345, groupName: 'Live clinic', dailyLimit: 10 });
  t.match(
    h.sim.listGroups().find((chat) => chat.id === group.groupId),
    { title: 'Live clinic', type: 'supergroup', botStatus: 'administrator' },
    'the simulator has its chat at once, with the bot as an administrator',
  );
  const mia = await aMember(h, group.groupId, { firstName: 'Mia' });
  t.ok(isAnswer(await lookup(mia.id)), 'a member is served');

  await api('PATCH', `/api/authorized-groups/${group.id}`, { groupName: 'Live clinic (Prague)' });
  t.equal(h.sim.listGroups().find((chat) => chat.id === group.groupId)?.title, 'Live clinic (Prague)', 'a rename reaches the simulator too');

  await api('PATCH', `/api/authorized-groups/${group.id}`, { isActive: false });
  t.equal(await lookup(mia.id), DENIED, 'deactivated: the next request is refused');
  await api('PATCH', `/api/authorized-groups/${group.id}`, { isActive: true });
  t.ok(isAnswer(await lookup(mia.id)), 're-activated: served again');
  await api('DELETE', `/api/authorized-groups/${group.id}`);
  t.equal(await lookup(mia.id), DENIED, 'deleted: refused');
});

t.test('a whitelist entry lifts the daily limit on the next request, and removing it brings the limit back', async (t) => {
  const group = await api<AuthorizedGroup>('POST', '/api/authorized-groups', { groupId: -1001000054321, groupName: 'One a day', dailyLimit: 1 });
  const ned = await aMember(h, group.groupId, { firstName: 'Ned' });
  const limited = rendered('rate_limit', { first_name: 'Ned', searches_left: '0 of 1 search left today; the next in 14 h' });
  t.ok(isAnswer(await lookup(ned.id)), 'the one search of the day');
  t.equal(await lookup(ned.id), limited, 'then the limit');

  const entry = await api<WhitelistEntry>('POST', '/api/admin-whitelist', { telegramId: ned.id, firstName: 'Ned', reason: 'Searches for families' });
  t.ok(isAnswer(await lookup(ned.id)), 'whitelisted: served at once');
  t.ok(isAnswer(await lookup(ned.id)), 'and again');

  await api('PATCH', `/api/admin-whitelist/${entry.id}`, { isActive: false });
  t.equal(await lookup(ned.id), limited, 'an inactive entry lifts nothing');
  await api('PATCH', `/api/admin-whitelist/${entry.id}`, { isActive: true });
  t.ok(isAnswer(await lookup(ned.id)), 'active again: served');
  await api('DELETE', `/api/admin-whitelist/${entry.id}`);
  t.equal(await lookup(ned.id), limited, 'removed: limited again');
});

t.test('a whitelist entry lets in a user who is in no authorized group', async (t) => {
  const kim = aUser(h, { firstName: 'Kim' });
  t.equal(await lookup(kim.id), DENIED);
  const entry = await api<WhitelistEntry>('POST', '/api/admin-whitelist', { telegramId: kim.id });
  t.ok(isAnswer(await lookup(kim.id)), 'served on the next request');
  await api('DELETE', `/api/admin-whitelist/${entry.id}`);
  t.equal(await lookup(kim.id), DENIED, 'refused again once removed');
});
