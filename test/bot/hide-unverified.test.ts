import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { createTestApp } from '../helpers/app.js';
import { aMember, anAuthorizedGroup, namesIn, texts } from '../helpers/bot-fixtures.js';
import type { MedicalContact } from '../../api/contract/medical-contacts.js';

// "Hide from the bot after M days without verification": a contact whose details nobody confirmed for M
// days drops out of the bot's answers as time passes (the injected clock, no write), and comes back
// once verified; the console lists it throughout.
const h = await createBotHarness(t);
const { call, userWithToken } = await createTestApp(t, { db: h.db, clock: h.clock });
// A token lasts minutes and the clock moves months: each call signs in a staff member afresh.
const tokenOf = async (role: 'editor' | 'admin') => (await userWithToken(role)).token;
const group = await anAuthorizedGroup(h, { dailyLimit: 100 });
const member = await aMember(h, group.id);
const DAY = 86_400_000;
const LYON = { latitude: 45.764, longitude: 4.8357 };

async function create(name: string, verified: boolean): Promise<MedicalContact> {
  const payload = { name, phone: `+33 4 72 00 ${verified ? '10' : '20'} 00`, city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR', ...LYON, verified };
  const response = await call(await tokenOf('editor'), { method: 'POST', url: '/api/medical-contacts', payload });
  if (response.statusCode !== 201) throw new Error(`POST /api/medical-contacts: ${response.statusCode} ${response.body}`);
  return response.json() as MedicalContact;
}

async function saveCycle(hideUnverifiedAfterDays: number | null) {
  const settings = (await call(await tokenOf('admin'), { method: 'GET', url: '/api/system-settings' })).json() as Record<string, unknown>;
  const { twoFactorRequiredFrom: _from, updatedAt: _at, ...fields } = settings;
  const response = await call(await tokenOf('admin'), { method: 'PUT', url: '/api/system-settings', payload: { ...fields, reverifyAfterDays: 90, hideUnverifiedAfterDays } });
  if (response.statusCode !== 200) throw new Error(`PUT /api/system-settings: ${response.statusCode} ${response.body}`);
}

/** The names of the contacts the bot answers the member's location in Lyon with. */
async function answered(): Promise<(string | undefined)[]> {
  const [answer] = texts(await h.locate(member.id, LYON.latitude, LYON.longitude));
  return namesIn(answer).sort();
}

async function verify(contact: MedicalContact) {
  const response = await call(await tokenOf('editor'), { method: 'POST', url: `/api/medical-contacts/${contact.id}/verifications`, payload: { outcome: 'confirmed', method: 'phone_call' } });
  if (response.statusCode !== 201) throw new Error(`POST verifications: ${response.statusCode} ${response.body}`);
}

const checked = await create('Dr Checked', true);
const unchecked = await create('Dr Unchecked', false);
await saveCycle(120);

t.test('within M days of its verification (or of being added), a contact is answered, overdue or not', async (t) => {
  t.strictSame(await answered(), ['Dr Checked', 'Dr Unchecked']);
  h.clock.advance(100 * DAY);
  t.strictSame(await answered(), ['Dr Checked', 'Dr Unchecked'], 'overdue after 90 days, still answered');
});

t.test('crossing M days leaves it out of the next answer, with nothing written in between', async (t) => {
  await verify(checked);
  t.strictSame(await answered(), ['Dr Checked', 'Dr Unchecked'], 'the directory in memory, after the last write');
  h.clock.advance(21 * DAY);
  t.strictSame(await answered(), ['Dr Checked'], 'Dr Unchecked, added 121 days ago and never verified, is left out');
  const listed = (await call(await tokenOf('editor'), { method: 'GET', url: '/api/medical-contacts?search=Unchecked' })).json();
  t.match(listed, { total: 1, items: [{ name: 'Dr Unchecked', verified: false, dueForReverification: true }] }, 'never out of the console');
});

t.test('verified, it is answered again at once', async (t) => {
  await verify(unchecked);
  t.strictSame(await answered(), ['Dr Checked', 'Dr Unchecked']);
  h.clock.advance(100 * DAY);
  t.strictSame(await answered(), ['Dr Unchecked'], 'and Dr Checked, verified 121 days ago, drops out in its turn');
});

t.test('hiding switched off answers every contact again', async (t) => {
  await saveCycle(null);
  t.strictSame(await answered(), ['Dr Checked', 'Dr Unchecked']);
});
