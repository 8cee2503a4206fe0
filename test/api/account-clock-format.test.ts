import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { updateSystemSettings } from '../../sql/settings.js';

const { db, call, userWithToken } = await createTestApp(t);

t.test('the account carries the configured time zone and the user’s own clock, 24-hour at first', async (t) => {
  await updateSystemSettings(db.sql, { timeZone: 'Asia/Kolkata' });
  const viewer = await userWithToken('viewer');
  const other = await userWithToken('editor');
  t.match((await call(viewer.token, { method: 'GET', url: '/api/account' })).json(), { timeZone: 'Asia/Kolkata', clockFormat: '24h' });

  const saved = await call(viewer.token, { method: 'PUT', url: '/api/account/clock-format', payload: { clockFormat: '12h' } });
  t.equal(saved.statusCode, 200);
  t.match((await call(viewer.token, { method: 'GET', url: '/api/account' })).json(), { clockFormat: '12h' }, 'every role chooses its own');
  t.match((await call(other.token, { method: 'GET', url: '/api/account' })).json(), { clockFormat: '24h' }, 'the others keep theirs');
});

t.test('a clock format other than 24h or 12h: 400 naming the field', async (t) => {
  const admin = await userWithToken('admin');
  for (const payload of [{ clockFormat: 'am/pm' }, {}, { clockFormat: 12 }]) {
    const refused = await call(admin.token, { method: 'PUT', url: '/api/account/clock-format', payload });
    t.equal(refused.statusCode, 400, JSON.stringify(payload));
    t.match(refused.json(), { field: 'clockFormat', message: 'Clock format must be 24h or 12h' }, JSON.stringify(payload));
  }
  t.match((await call(admin.token, { method: 'GET', url: '/api/account' })).json(), { clockFormat: '24h' }, 'nothing saved');
});
