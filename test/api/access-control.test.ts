import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { insertMemberships } from '../../sql/access-control.js';
import type { AuthorizedGroup, WhitelistEntry } from '../../api/contract/access-control.js';

const GROUPS = '/api/authorized-groups';
const WHITELIST = '/api/admin-whitelist';

t.test('access control', async (t) => {
  const { db, call, userWithToken } = await createTestApp(t);
  const admin = await userWithToken('admin', { username: 'ada.admin' });
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    call(admin.token, { method, url, ...(payload ? { payload } : {}) });
  const auditRows = (targetType: string, targetId: number) =>
    db.sql<{ action: string; actorUsername: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[]>`
      SELECT action, actor_username, before, after FROM audit_log
      WHERE target_type = ${targetType} AND target_id = ${String(targetId)} ORDER BY id`;
  const refused = async (method: 'POST' | 'PATCH', url: string, payload: object, field: string, message: string) => {
    const response = await api(method, url, payload);
    t.equal(response.statusCode, 400, `${method} ${JSON.stringify(payload)}: 400`);
    t.equal(response.json().message, message, `${JSON.stringify(payload)}: the sentence`);
    t.equal(response.json().field, field, `${JSON.stringify(payload)}: names ${field}`);
    t.equal(response.json().fields?.[field], message);
  };
  let nextGroupId = -1001000000000;
  const aGroup = async (fields: Partial<AuthorizedGroup> = {}) => {
    const response = await api('POST', GROUPS, { groupId: (nextGroupId -= 1), groupName: 'Clinic volunteers', ...fields });
    t.equal(response.statusCode, 201, response.body);
    return response.json() as AuthorizedGroup;
  };

  t.test('authorized groups: create with the defaults, list, search, edit and delete, each audited', async (t) => {
    const created = await aGroup({ groupId: -1001234567890, groupName: '  Medical Help Network ', description: '' });
    t.match(created, {
      groupId: -1001234567890,
      groupName: 'Medical Help Network',
      groupType: 'supergroup',
      dailyLimit: 3,
      description: null,
      isActive: true,
      memberCount: 0,
      membersLosingAccess: 0,
    });
    const basic = await aGroup({ groupId: -4567890, groupName: 'Night shift', groupType: 'group', dailyLimit: 7, description: 'Nurses at night', isActive: false });
    t.match(basic, { groupType: 'group', dailyLimit: 7, description: 'Nurses at night', isActive: false });

    const all = (await api('GET', GROUPS)).json() as AuthorizedGroup[];
    t.strictSame(all.map((group) => group.groupName), ['Medical Help Network', 'Night shift'], 'by name');
    t.strictSame(((await api('GET', `${GROUPS}?search=nurses`)).json() as AuthorizedGroup[]).map((group) => group.id), [basic.id], 'search matches the description');
    t.strictSame(((await api('GET', `${GROUPS}?search=4567890`)).json() as AuthorizedGroup[]).map((group) => group.id), [created.id, basic.id], 'and the chat id');
    t.strictSame((await api('GET', `${GROUPS}?search=50%25`)).json(), [], 'a % is literal');

    const patched = await api('PATCH', `${GROUPS}/${created.id}`, { dailyLimit: 5, isActive: false, groupName: 'Medical Help' });
    t.equal(patched.statusCode, 200, patched.body);
    t.match(patched.json(), { id: created.id, dailyLimit: 5, isActive: false, groupName: 'Medical Help', groupId: -1001234567890 });

    t.strictSame((await api('DELETE', `${GROUPS}/${created.id}`)).json(), { success: true });
    t.equal((await api('DELETE', `${GROUPS}/${created.id}`)).statusCode, 404);
    t.equal((await api('PATCH', `${GROUPS}/${created.id}`, { dailyLimit: 4 })).json().message, 'No authorized group with this id');

    const rows = await auditRows('authorized_group', created.id);
    t.strictSame(rows.map((row) => row.action), ['authorized-group.create', 'authorized-group.update', 'authorized-group.delete']);
    t.ok(rows.every((row) => row.actorUsername === 'ada.admin'), 'the signed-in admin is the actor');
    t.match(rows[0]!.after, { groupName: 'Medical Help Network', dailyLimit: 3 });
    t.equal(rows[0]!.before, null);
    t.match(rows[1]!.before, { dailyLimit: 3, isActive: true });
    t.match(rows[1]!.after, { dailyLimit: 5, isActive: false });
    t.match(rows[2]!.before, { groupName: 'Medical Help', dailyLimit: 5 });
    t.equal(rows[2]!.after, null);
  });

  t.test('authorized groups: each validation message names its field', async (t) => {
    await refused('POST', GROUPS, { groupName: 'A' }, 'groupId', 'Group ID is required. Enter it.');
    await refused('POST', GROUPS, { groupId: 'abc', groupName: 'A' }, 'groupId', 'Group ID must be a whole number.');
    await refused('POST', GROUPS, { groupId: -1001.5, groupName: 'A' }, 'groupId', 'Group ID must be a whole number.');
    await refused('POST', GROUPS, { groupId: 12345, groupName: 'A' }, 'groupId', 'Group ID must be a negative number: Telegram group, supergroup and channel IDs start with a minus sign.');
    await refused('POST', GROUPS, { groupId: -12345, groupName: 'A' }, 'groupId', 'A supergroup\'s Group ID starts with -100, such as -1001234567890. Check the ID, or choose the type "group".');
    await refused('POST', GROUPS, { groupId: -12345, groupName: 'A', groupType: 'channel' }, 'groupId', 'A channel\'s Group ID starts with -100, such as -1001234567890. Check the ID, or choose the type "group".');
    await refused(
      'POST',
      GROUPS,
      { groupId: -1001234567890, groupName: 'A', groupType: 'group' },
      'groupId',
      'This Group ID starts with -100, so it is a supergroup or channel: choose that type, or enter the basic group\'s ID.',
    );
    await refused('POST', GROUPS, { groupId: -1001000000001 }, 'groupName', 'Group name is required. Enter it.');
    await refused('POST', GROUPS, { groupId: -1001000000001, groupName: '   ' }, 'groupName', 'Group name is required. Enter it.');
    await refused('POST', GROUPS, { groupId: -1001000000001, groupName: 'n'.repeat(201) }, 'groupName', 'Group name can be at most 200 characters. Shorten it.');
    await refused('POST', GROUPS, { groupId: -1001000000001, groupName: 'A', groupType: 'forum' }, 'groupType', 'Choose a group type: supergroup, group, channel.');
    await refused('POST', GROUPS, { groupId: -1001000000001, groupName: 'A', dailyLimit: 0 }, 'dailyLimit', 'Daily limit must be a whole number from 1 to 10000.');
    await refused('POST', GROUPS, { groupId: -1001000000001, groupName: 'A', dailyLimit: -2 }, 'dailyLimit', 'Daily limit must be a whole number from 1 to 10000.');
    await refused('POST', GROUPS, { groupId: -1001000000001, groupName: 'A', dailyLimit: 2.5 }, 'dailyLimit', 'Daily limit must be a whole number from 1 to 10000.');
    await refused('POST', GROUPS, { groupId: -1001000000001, groupName: 'A', dailyLimit: '3' }, 'dailyLimit', 'Daily limit must be a whole number from 1 to 10000.');
    await refused('POST', GROUPS, { groupId: -1001000000001, groupName: 'A', dailyLimit: 10_001 }, 'dailyLimit', 'Daily limit must be a whole number from 1 to 10000.');
    await refused('POST', GROUPS, { groupId: -1001000000001, groupName: 'A', dailyLimit: 1e20 }, 'dailyLimit', 'Daily limit must be a whole number from 1 to 10000.');
    await refused('POST', GROUPS, { groupId: -1001000000001, groupName: 'A', description: 'd'.repeat(1001) }, 'description', 'Description can be at most 1,000 characters. Shorten it.');
    await refused('POST', GROUPS, { groupId: -1001000000001, groupName: 'A', isActive: 'yes' }, 'isActive', 'Active must be on or off (true or false).');

    const basic = await aGroup({ groupId: -777, groupType: 'group' });
    await refused('PATCH', `${GROUPS}/${basic.id}`, { groupType: 'supergroup' }, 'groupId', 'A supergroup\'s Group ID starts with -100, such as -1001234567890. Check the ID, or choose the type "group".');
    await refused('PATCH', `${GROUPS}/${basic.id}`, { dailyLimit: 0 }, 'dailyLimit', 'Daily limit must be a whole number from 1 to 10000.');
    const upgraded = await api('PATCH', `${GROUPS}/${basic.id}`, { groupType: 'supergroup', groupId: -1001000000777 });
    t.equal(upgraded.statusCode, 200, 'a basic group upgraded to a supergroup takes its new id');
    t.equal((await api('PATCH', `${GROUPS}/0`, { dailyLimit: 2 })).statusCode, 400, 'an id of 0 is not an id');
  });

  t.test('authorized groups: a chat id already authorized is a 409', async (t) => {
    const first = await aGroup({ groupId: -1009999999999 });
    const again = await api('POST', GROUPS, { groupId: -1009999999999, groupName: 'Copy' });
    t.equal(again.statusCode, 409);
    t.strictSame(again.json(), {
      error: 'Conflict',
      message: 'An authorized group with Group ID -1009999999999 already exists',
      field: 'groupId',
      fields: { groupId: 'An authorized group with Group ID -1009999999999 already exists' },
    });
    const other = await aGroup();
    const moved = await api('PATCH', `${GROUPS}/${other.id}`, { groupId: first.groupId });
    t.equal(moved.statusCode, 409, 'an edit onto a taken id too');
    t.equal(moved.json().message, 'An authorized group with Group ID -1009999999999 already exists');
    t.equal((await auditRows('authorized_group', other.id)).length, 1, 'a refused change is not audited');
  });

  t.test('authorized groups: member counts, and how many would lose access', async (t) => {
    const main = await aGroup({ groupName: 'Main' });
    const side = await aGroup({ groupName: 'Side' });
    const paused = await aGroup({ groupName: 'Paused', isActive: false });
    const at = new Date();
    const member = (telegramId: number, groupId: number, isActive = true) => ({
      telegramId,
      groupId,
      membershipStatus: isActive ? 'member' : 'left',
      joinedAt: at,
      lastVerified: at,
      isActive,
    });
    await insertMemberships(db.sql, [
      member(1, main.groupId), // only in Main: loses access with it
      member(2, main.groupId),
      member(2, side.groupId), // also in Side: keeps access
      member(3, main.groupId), // whitelisted: keeps access
      member(4, main.groupId),
      member(4, paused.groupId), // a paused group is no way in
      member(5, main.groupId, false), // left: not counted
      member(6, paused.groupId),
    ]);
    const whitelisted = await api('POST', WHITELIST, { telegramId: 3 });
    t.equal(whitelisted.statusCode, 201);

    const counts = Object.fromEntries(
      ((await api('GET', GROUPS)).json() as AuthorizedGroup[])
        .filter((group) => [main.id, side.id, paused.id].includes(group.id))
        .map((group) => [group.groupName, [group.memberCount, group.membersLosingAccess]]),
    );
    t.strictSame(counts, { Main: [4, 2], Side: [1, 0], Paused: [2, 0] });

    await api('PATCH', `${WHITELIST}/${(whitelisted.json() as WhitelistEntry).id}`, { isActive: false });
    const mainNow = ((await api('GET', `${GROUPS}?search=Main`)).json() as AuthorizedGroup[])[0]!;
    t.equal(mainNow.membersLosingAccess, 3, 'an inactive whitelist entry is no way in either');
    await api('PATCH', `${GROUPS}/${side.id}`, { isActive: false });
    const afterSide = ((await api('GET', `${GROUPS}?search=Main`)).json() as AuthorizedGroup[])[0]!;
    t.equal(afterSide.membersLosingAccess, 4, 'nor a group that was deactivated');
  });

  t.test('admin whitelist: create, list, search, edit and delete, added by the signed-in admin, each audited', async (t) => {
    const response = await api('POST', WHITELIST, {
      telegramId: 5012345678,
      username: '@oksana_coordinator',
      firstName: ' Oksana ',
      lastName: 'Melnyk',
      reason: 'Coordinates the volunteers',
      addedBy: 'admin',
    });
    t.equal(response.statusCode, 201, response.body);
    const created = response.json() as WhitelistEntry;
    t.match(created, {
      telegramId: 5012345678,
      username: 'oksana_coordinator',
      firstName: 'Oksana',
      lastName: 'Melnyk',
      reason: 'Coordinates the volunteers',
      addedBy: 'ada.admin',
      isActive: true,
    });
    const bare = (await api('POST', WHITELIST, { telegramId: 412987654, username: '', firstName: '', isActive: false })).json() as WhitelistEntry;
    t.match(bare, { username: null, firstName: null, lastName: null, reason: null, isActive: false, addedBy: 'ada.admin' });

    const listed = ((await api('GET', WHITELIST)).json() as WhitelistEntry[]).map((entry) => entry.telegramId);
    t.ok(listed.includes(5012345678) && listed.includes(412987654), 'both listed');
    t.strictSame(((await api('GET', `${WHITELIST}?search=MELNYK`)).json() as WhitelistEntry[]).map((entry) => entry.id), [created.id], 'search by name');
    t.strictSame(((await api('GET', `${WHITELIST}?search=412987`)).json() as WhitelistEntry[]).map((entry) => entry.id), [bare.id], 'and by Telegram ID');

    const other = await userWithToken('super_admin', { username: 'sam.super' });
    const patched = await call(other.token, { method: 'PATCH', url: `${WHITELIST}/${created.id}`, payload: { reason: 'Checks contacts', isActive: false, addedBy: 'mallory' } });
    t.equal(patched.statusCode, 200, patched.body);
    t.match(patched.json(), { reason: 'Checks contacts', isActive: false, addedBy: 'ada.admin' }, 'an edit keeps who added it');

    t.strictSame((await api('DELETE', `${WHITELIST}/${created.id}`)).json(), { success: true });
    t.equal((await api('DELETE', `${WHITELIST}/${created.id}`)).json().message, 'No admin whitelist entry with this id');

    const rows = await auditRows('admin_whitelist_entry', created.id);
    t.strictSame(rows.map((row) => [row.action, row.actorUsername]), [
      ['admin-whitelist.create', 'ada.admin'],
      ['admin-whitelist.update', 'sam.super'],
      ['admin-whitelist.delete', 'ada.admin'],
    ]);
    t.match(rows[1]!.before, { reason: 'Coordinates the volunteers', isActive: true });
    t.match(rows[1]!.after, { reason: 'Checks contacts', isActive: false });
    t.match(rows[2]!.before, { telegramId: 5012345678 });
  });

  t.test('admin whitelist: each validation message names its field, and a listed Telegram ID is a 409', async (t) => {
    await refused('POST', WHITELIST, { username: 'someone' }, 'telegramId', 'Telegram ID is required. Enter it.');
    await refused('POST', WHITELIST, { telegramId: '12ab' }, 'telegramId', 'Telegram ID must be a whole number.');
    await refused('POST', WHITELIST, { telegramId: 12.5 }, 'telegramId', 'Telegram ID must be a whole number.');
    await refused('POST', WHITELIST, { telegramId: -1001234567890 }, 'telegramId', "Telegram ID must be a positive number: enter the user's Telegram ID, not a group's.");
    await refused('POST', WHITELIST, { telegramId: 0 }, 'telegramId', "Telegram ID must be a positive number: enter the user's Telegram ID, not a group's.");
    await refused('POST', WHITELIST, { telegramId: 77, username: 'a b' }, 'username', 'Username must be 5 to 32 letters, digits or underscores, such as dr_smith, or left empty.');
    await refused('POST', WHITELIST, { telegramId: 77, firstName: 'f'.repeat(101) }, 'firstName', 'First name can be at most 100 characters. Shorten it.');
    await refused('POST', WHITELIST, { telegramId: 77, reason: 'r'.repeat(501) }, 'reason', 'Reason can be at most 500 characters. Shorten it.');

    const entry = (await api('POST', WHITELIST, { telegramId: 8800 })).json() as WhitelistEntry;
    await refused('PATCH', `${WHITELIST}/${entry.id}`, { telegramId: -5 }, 'telegramId', "Telegram ID must be a positive number: enter the user's Telegram ID, not a group's.");
    const again = await api('POST', WHITELIST, { telegramId: 8800, firstName: 'Copy' });
    t.equal(again.statusCode, 409);
    t.strictSame(again.json(), {
      error: 'Conflict',
      message: 'Telegram ID 8800 is already on the admin whitelist',
      field: 'telegramId',
      fields: { telegramId: 'Telegram ID 8800 is already on the admin whitelist' },
    });
    const second = (await api('POST', WHITELIST, { telegramId: 8801 })).json() as WhitelistEntry;
    const moved = await api('PATCH', `${WHITELIST}/${second.id}`, { telegramId: 8800 });
    t.equal(moved.statusCode, 409);
    t.equal(moved.json().message, 'Telegram ID 8800 is already on the admin whitelist');
  });

  t.test('only admins and super admins may read or change access control', async (t) => {
    for (const role of ['viewer', 'editor'] as const) {
      const { token } = await userWithToken(role);
      for (const [method, url, payload] of [
        ['GET', GROUPS],
        ['POST', GROUPS, { groupId: -1001000000055, groupName: 'Sneaky' }],
        ['GET', WHITELIST],
        ['POST', WHITELIST, { telegramId: 55 }],
      ] as const) {
        const response = await call(token, { method, url, ...(payload ? { payload } : {}) });
        t.equal(response.statusCode, 403, `${role} ${method} ${url}`);
      }
    }
    t.equal((await db.sql`SELECT 1 FROM authorized_groups WHERE group_name = 'Sneaky'`).length, 0, 'nothing was written');
    t.equal((await db.sql`SELECT 1 FROM admin_whitelist WHERE telegram_id = 55`).length, 0);
  });
});
