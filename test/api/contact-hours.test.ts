import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { aContact } from '../helpers/bot-fixtures.js';
import { createTestClock } from '../helpers/clock.js';
import type { ContactListResponse, MedicalContact } from '../../api/contract/medical-contacts.js';

const A_CONTACT = { name: 'Dr Hours', phone: '+380 44 000 0001', city: 'Kyiv', region: 'Kyiv', country: 'UA' };
const KYIV = { latitude: 50.45, longitude: 30.52 };
const NEW_YORK = { latitude: 40.71, longitude: -74.0 };

t.test('the hours field is validated as typed and stored in canonical syntax', async (t) => {
  const { call, userWithToken } = await createTestApp(t);
  const { token } = await userWithToken('editor');

  const bad = await call(token, { method: 'POST', url: '/api/medical-contacts', payload: { ...A_CONTACT, availableHours: 'Mo-Fr 25:00-26:00' } });
  t.equal(bad.statusCode, 400);
  t.strictSame(bad.json().fields, {
    availableHours: 'Available hours could not be read (Time range starts outside of the current day). Write the hours in opening_hours syntax, such as "Mo-Fr 09:00-18:00; Sa 10:00-14:00" or "24/7", or leave them empty.',
  });

  const created = await call(token, { method: 'POST', url: '/api/medical-contacts', payload: { ...A_CONTACT, availableHours: 'Mon–Fri 9:00–17:00' } });
  t.equal(created.statusCode, 201, created.body);
  const contact = created.json() as MedicalContact;
  t.equal(contact.availableHours, 'Mo-Fr 09:00-17:00', 'free text that reads as a schedule is stored canonically');

  const edit = await call(token, { method: 'PATCH', url: `/api/medical-contacts/${contact.id}`, payload: { availableHours: 'whenever' } });
  t.equal(edit.statusCode, 400);
  t.match(edit.json().fields, { availableHours: /^Available hours could not be read/ });
  const emptied = await call(token, { method: 'PATCH', url: `/api/medical-contacts/${contact.id}`, payload: { availableHours: '' } });
  t.equal(emptied.statusCode, 200, 'empty hours stay allowed');

  const bulk = await call(token, { method: 'POST', url: '/api/medical-contacts/bulk-update', payload: { ids: [contact.id], updates: { availableHours: 'sometimes' } } });
  t.equal(bulk.statusCode, 400, 'bulk edit validates the hours too');
});

const NINE_TO_FIVE = 'Available hours "Mon-Fri 9-5" would mean open overnight until 05:00. Did you mean "Mo-Fr 09:00-17:00"?';

t.test('hours that read as overnight are refused naming availableHours, with the likelier schedule to take', async (t) => {
  const { call, db, userWithToken } = await createTestApp(t);
  const { token } = await userWithToken('editor');

  const refused = await call(token, { method: 'POST', url: '/api/medical-contacts', payload: { ...A_CONTACT, availableHours: 'Mon-Fri 9-5' } });
  t.equal(refused.statusCode, 400);
  t.strictSame(refused.json(), {
    error: 'Bad Request',
    message: NINE_TO_FIVE,
    field: 'availableHours',
    fields: { availableHours: NINE_TO_FIVE },
    suggestions: { availableHours: 'Mo-Fr 09:00-17:00' },
  });
  t.equal(await db.sql`SELECT 1 FROM medical_contacts`.then((rows) => rows.length), 0, 'nothing saved');

  const taken = await call(token, { method: 'POST', url: '/api/medical-contacts', payload: { ...A_CONTACT, availableHours: 'Mo-Fr 09:00-17:00' } });
  t.equal(taken.statusCode, 201, taken.body);
  const contact = taken.json() as MedicalContact;
  t.equal(contact.availableHours, 'Mo-Fr 09:00-17:00');

  const overnight = await call(token, { method: 'PATCH', url: `/api/medical-contacts/${contact.id}`, payload: { availableHours: 'Пн–Пт 22:00–06:00' } });
  t.equal(overnight.statusCode, 200, overnight.body);
  t.equal(overnight.json().availableHours, 'Mo-Fr 22:00-06:00', 'overnight on purpose, in Ukrainian day words, stored canonically');

  const short = await call(token, { method: 'PATCH', url: `/api/medical-contacts/${contact.id}`, payload: { availableHours: 'Sa 10-10:30' } });
  t.equal(short.statusCode, 400);
  t.strictSame(short.json().suggestions, { availableHours: 'Sa 10:00-10:30' });
  t.equal(
    short.json().message,
    'Available hours "Sa 10-10:30" would mean open only 30 minutes, from 10:00 to 10:30. If that is meant, write it in 24-hour time with minutes: "Sa 10:00-10:30".',
  );

  const bulk = await call(token, { method: 'POST', url: '/api/medical-contacts/bulk-update', payload: { ids: [contact.id], updates: { availableHours: 'Mon-Fri 9-5' } } });
  t.equal(bulk.statusCode, 400);
  t.match(bulk.json(), { field: 'updates.availableHours', message: NINE_TO_FIVE, suggestions: { 'updates.availableHours': 'Mo-Fr 09:00-17:00' } }, 'bulk edit too');

  const unreadable = await call(token, { method: 'PATCH', url: `/api/medical-contacts/${contact.id}`, payload: { availableHours: 'whenever' } });
  t.notOk('suggestions' in unreadable.json(), 'no suggestion without a likelier schedule');
});

t.test('the list filters "open now" and "hours not verified", and the stats count the latter', async (t) => {
  // Wednesday 10:00 UTC: noon in Kyiv, 05:00 in New York.
  const clock = createTestClock(new Date('2026-11-25T10:00:00Z'));
  const { db, call, signIn, userWithToken } = await createTestApp(t, { clock });
  const editor = await userWithToken('editor');
  let token = editor.token;
  // Stored as before migration 034's reading: free text, not yet read.
  const kyivWeekdays = await aContact(db.sql, { name: 'Kyiv weekdays', ...KYIV, availableHours: 'Mon–Fri 09:00–18:00' });
  const kyivAlways = await aContact(db.sql, { name: 'Kyiv always', ...KYIV, availableHours: '24/7' });
  const newYorkWeekdays = await aContact(db.sql, { name: 'New York weekdays', ...NEW_YORK, availableHours: 'Mo-Fr 09:00-18:00' });
  const appointment = await aContact(db.sql, { name: 'By appointment', ...KYIV, availableHours: 'By appointment' });
  const nowhere = await aContact(db.sql, { name: 'No coordinates', latitude: null, longitude: null, availableHours: 'Mo-Su 00:00-24:00' });
  await aContact(db.sql, { name: 'No hours', ...KYIV });

  const names = async (query: string) => {
    const response = await call(token, { method: 'GET', url: `/api/medical-contacts?pageSize=200&${query}` });
    t.equal(response.statusCode, 200, response.body.slice(0, 200));
    const body = response.json() as ContactListResponse;
    return { names: body.items.map((contact) => contact.name).sort(), total: body.total, stats: body.stats };
  };

  t.strictSame((await names('hours=open-now')).names, ['Kyiv always', 'Kyiv weekdays', 'No coordinates']);
  // Friday 20:00 UTC: 22:00 in Kyiv, 15:00 in New York.
  clock.set(new Date('2026-11-27T20:00:00Z'));
  // Access tokens expire: sign in again at the new time.
  token = (await signIn(editor.username, editor.password)).token;
  const open = await names('hours=open-now');
  t.strictSame(open.names, ['Kyiv always', 'New York weekdays', 'No coordinates']);
  t.equal(open.total, 3);
  const unverified = await names('hours=unverified');
  t.strictSame(unverified.names, ['By appointment']);
  t.equal(unverified.stats.hoursNotVerified, 1, 'the stats count the hours not verified');

  const listed = await call(token, { method: 'GET', url: `/api/medical-contacts/${kyivWeekdays.id}` });
  t.equal(listed.json().availableHours, 'Mo-Fr 09:00-18:00', 'read and rewritten canonically');

  const bad = await call(token, { method: 'GET', url: '/api/medical-contacts?hours=sometimes' });
  t.equal(bad.statusCode, 400);
  t.ok('hours' in bad.json().fields);

  const bulk = await call(token, { method: 'POST', url: '/api/medical-contacts/bulk-update', payload: { filter: { hours: 'open-now' }, updates: { rating: 5 } } });
  t.equal(bulk.statusCode, 200, bulk.body);
  t.strictSame(bulk.json(), { recordsAffected: 3 }, 'the bulk calls take the same filter');
  const rated = await db.sql<{ id: number }[]>`SELECT id FROM medical_contacts WHERE rating = 5 ORDER BY id`;
  t.strictSame(rated.map((row) => Number(row.id)), [kyivAlways.id, newYorkWeekdays.id, nowhere.id].map(Number));
  t.ok(appointment.id);

  const analytics = await call(token, { method: 'GET', url: '/api/contact-analytics?period=7d' });
  t.equal(analytics.statusCode, 200, analytics.body.slice(0, 200));
  t.equal(analytics.json().emergencyContacts, 2, '"Emergency (24/7)" counts 24/7 and Mo-Su 00:00-24:00 from the parsed hours');
});
