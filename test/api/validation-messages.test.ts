import t from 'tap';
import type { InjectOptions } from 'fastify';
import type { ErrorResponse } from '../../api/contract/errors.js';
import { createTestApp } from '../helpers/app.js';

const SETTINGS = { dailyLimit: 3, maxResponseTime: 30, allowedGroups: '', maintenanceMode: false, autoBackup: true, logLevel: 'INFO', logRetentionDays: 90 };
const CONTACT = { name: 'Dr Ada', phone: '+1 555 0100', city: 'Berlin', region: 'Berlin', country: 'DE', contactMethod: 'phone' };
const GROUP = { groupId: -1001234567890, groupName: 'Berlin Doctors', groupType: 'supergroup', dailyLimit: 5 };

/**
 * A refused request names the field (`field`, and `fields`) for forms, and its message is a sentence
 * for a person that says what to do: no "dailyLimit: dailyLimit must be a number".
 */
t.test('validation errors: 400, the field named, a message written for a person', async (t) => {
  const { call, userWithToken } = await createTestApp(t);
  const superAdmin = (await userWithToken('super_admin')).token;

  const cases: { name: string; request: InjectOptions; field: string; message: string | RegExp; status?: number }[] = [
    { name: 'a group daily limit that is no number', request: { method: 'POST', url: '/api/authorized-groups', payload: { ...GROUP, dailyLimit: 'abc' } },
      field: 'dailyLimit', message: 'Daily limit must be a whole number from 1 to 10000.' },
    { name: 'a group daily limit of 0', request: { method: 'POST', url: '/api/authorized-groups', payload: { ...GROUP, dailyLimit: 0 } },
      field: 'dailyLimit', message: 'Daily limit must be a whole number from 1 to 10000.' },
    { name: 'a positive group id', request: { method: 'POST', url: '/api/authorized-groups', payload: { ...GROUP, groupId: 42 } },
      field: 'groupId', message: /^Group ID must be a negative number/ },
    { name: 'the system default daily limit as text', request: { method: 'PUT', url: '/api/system-settings', payload: { ...SETTINGS, dailyLimit: 'x' } },
      field: 'dailyLimit', message: /^Daily limit must be a whole number from 1 to \d+\.$/ },
    { name: 'an unknown allowed group', request: { method: 'PUT', url: '/api/system-settings', payload: { ...SETTINGS, allowedGroups: '-100999' } },
      field: 'allowedGroups', message: 'Allowed groups: -100999 is not an authorized group. Add it in Access Control first, or remove it from the list.' },
    { name: 'a common password', request: { method: 'POST', url: '/api/admin/users', payload: { username: 'new.user', password: 'password123', role: 'viewer' } },
      field: 'password', message: 'This password is too common. Choose a longer or less common password.' },
    { name: 'a short password', request: { method: 'POST', url: '/api/admin/users', payload: { username: 'new.user', password: 'short', role: 'viewer' } },
      field: 'password', message: 'Password must be at least 8 characters long. Choose a longer one.' },
    { name: 'a test user id with letters', request: { method: 'POST', url: '/api/broadcast-test', payload: { userId: 'abc', content: 'Hello' } },
      field: 'userId', message: 'Test user ID must be a Telegram user ID: digits only, such as 123456789.' },
    { name: 'a latitude without its longitude', request: { method: 'POST', url: '/api/medical-contacts', payload: { ...CONTACT, latitude: 52.5, longitude: null } },
      field: 'longitude', message: 'Latitude and longitude go together: enter both, or leave both empty.' },
    { name: 'a latitude out of range', request: { method: 'POST', url: '/api/medical-contacts', payload: { ...CONTACT, latitude: 95, longitude: 13 } },
      field: 'latitude', message: 'Latitude must be a number from -90 to 90, such as 52.52, or left empty.' },
    { name: 'a contact with no name', request: { method: 'POST', url: '/api/medical-contacts', payload: { ...CONTACT, name: ' ' } },
      field: 'name', message: 'Name is required. Enter it.' },
    { name: 'a search longer than the limit', request: { method: 'GET', url: `/api/telegram-users?search=${'x'.repeat(101)}` },
      field: 'search', message: 'Search can be at most 100 characters. Shorten it.' },
    { name: 'a page size of 0', request: { method: 'GET', url: '/api/telegram-users?pageSize=0' },
      field: 'pageSize', message: 'Page size must be a whole number from 1 to 200.' },
    { name: 'a user id that is no number', request: { method: 'GET', url: '/api/daily-usage?userId=abc' },
      field: 'userId', message: 'User ID must be a Telegram user ID: a whole number above 0, such as 123456789.' },
    { name: 'a control character in a search', request: { method: 'GET', url: '/api/bot-logs?search=a%00b' },
      field: 'search', message: 'Search contains a control character (such as NUL). Retype it, or paste it as plain text.' },
    { name: 'a template with bad HTML', request: { method: 'POST', url: '/api/message-templates', payload: { name: 'Hi', type: 'welcome', content: '<blink>Hi</blink>' } },
      field: 'content', message: /^The message is not HTML Telegram accepts: .+\. Fix the tag, or remove it\.$/ },
  ];

  for (const { name, request, field, message, status = 400 } of cases) {
    const response = await call(superAdmin, request);
    const body = response.json() as ErrorResponse;
    t.equal(response.statusCode, status, `${name}: ${status}`);
    t.equal(body.field, field, `${name}: names ${field}`);
    t.equal(body.fields?.[field], body.message, `${name}: the field's message is the message`);
    if (typeof message === 'string') t.equal(body.message, message, `${name}: says what to do`);
    else t.match(body.message, message, `${name}: says what to do`);
    t.notMatch(body.message, /^[\w.]+: /, `${name}: no field name before the sentence`);
    if (/[A-Z]/.test(field)) t.notOk(body.message.includes(field), `${name}: no raw field name (${field}) in the sentence`);
  }

  t.test('a duplicate is a 409 naming the field, in a sentence', async (t) => {
    const first = await call(superAdmin, { method: 'POST', url: '/api/admin/users', payload: { username: 'twin', password: 'a-long-unusual-passphrase', role: 'viewer' } });
    t.equal(first.statusCode, 201);
    const again = await call(superAdmin, { method: 'POST', url: '/api/admin/users', payload: { username: 'twin', password: 'a-long-unusual-passphrase', role: 'viewer' } });
    t.equal(again.statusCode, 409);
    t.match(again.json(), { message: 'That username is already taken. Choose another one.', field: 'username' });
  });
});
