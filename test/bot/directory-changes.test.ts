import t from 'tap';
import { anotherInstance, createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, texts } from '../helpers/bot-fixtures.js';
import { createTestApp } from '../helpers/app.js';
import { until } from '../helpers/wait.js';

/**
 * Two instances on one database, each having answered (so each keeps the directory): a change to a
 * contact reaches both as that change, read from the directory's change log (migration 062), and
 * neither reads the whole directory again. Instance A long-polls the simulator and, on a real server,
 * listens for the changes as the product does; instance B is handed updates directly.
 */

/** The directory reads of one instance. */
function readsCounter() {
  const reads = { all: 0, changes: 0 };
  return { reads, observer: { loaded: (what: 'all' | 'changes') => (reads[what] += 1) } };
}

const a = readsCounter();
const b = readsCounter();
const h = await createBotHarness(t, { directoryObserver: a.observer, listens: true });
const instanceB = await anotherInstance(t, h, { directoryObserver: b.observer });
const api = await createTestApp(t, { db: h.db, clock: h.clock });
const editor = await api.userWithToken('editor');

const group = await anAuthorizedGroup(h, { dailyLimit: 100 });
const PARIS = { latitude: 48.8566, longitude: 2.3522 };
const first = await aContact(h.sql, { ...PARIS, name: 'Dr First', city: 'Paris' });
const leaving = await aContact(h.sql, { latitude: 48.857, longitude: 2.353, name: 'Dr Leaving', city: 'Paris' });

const locateOnB = async (userId: number) => texts(await instanceB.locate(userId, PARIS)).join('\n');
const locateOnA = async (userId: number) => texts(await h.locate(userId, PARIS.latitude, PARIS.longitude)).join('\n');

const user = await aMember(h, group.id);
const before = { a: await locateOnA(user.id), b: await locateOnB(user.id) };
t.match(before.a, /Dr First[\s\S]*Dr Leaving|Dr Leaving[\s\S]*Dr First/, 'instance A answers from the directory');
t.match(before.b, /Dr First[\s\S]*Dr Leaving|Dr Leaving[\s\S]*Dr First/, 'instance B answers from the directory');
t.strictSame([a.reads.all, b.reads.all], [1, 1], 'each read the whole directory once, at its first answer');

t.test('an edit through the API, a deactivation and a contact added by hand reach the next answer of each instance as changes', async (t) => {
  const renamed = await api.call(editor.token, { method: 'PATCH', url: `/api/medical-contacts/${first.id}`, payload: { name: 'Dr Renamed' } });
  t.equal(renamed.statusCode, 200, renamed.body);
  await h.sql`UPDATE medical_contacts SET is_active = false WHERE id = ${leaving.id}`;
  await aContact(h.sql, { latitude: 48.858, longitude: 2.354, name: 'Dr Arrived', city: 'Paris' });

  const after = { a: await locateOnA(user.id), b: await locateOnB(user.id) };
  for (const [instance, answer] of Object.entries(after)) {
    t.match(answer, /Dr Renamed/, `instance ${instance} shows the edit`);
    t.match(answer, /Dr Arrived/, `instance ${instance} shows the contact added`);
    t.notMatch(answer, /Dr First|Dr Leaving/, `instance ${instance} no longer shows the old name or the contact deactivated`);
  }
  t.strictSame([a.reads.all, b.reads.all], [1, 1], 'neither read the whole directory again');
  t.ok(a.reads.changes >= 1 && b.reads.changes >= 1, 'each read the changes');
});

t.test('a taxonomy change reads the whole directory again', async (t) => {
  await h.sql`INSERT INTO specialties (name) VALUES ('Sleep Medicine')`;
  t.match(await locateOnB(user.id), /Dr Renamed/);
  t.equal(b.reads.all, 2, 'instance B read it all once more');
});

t.test('listening, an instance reads a change before any answer asks for it', { skip: h.db.url ? false : 'PGlite: the embedded database is not listened to (one session)' }, async (t) => {
  // Caught up with the taxonomy change first, so the read counted next is this change's.
  t.match(await locateOnA(user.id), /Dr Renamed/);
  const changesBefore = a.reads.changes;
  await h.sql`UPDATE medical_contacts SET name = 'Dr Heard' WHERE id = ${first.id}`;
  await until(() => a.reads.changes > changesBefore, 'instance A to read the change it was told of');
  t.match(await locateOnA(user.id), /Dr Heard/);
  t.equal(a.reads.changes, changesBefore + 1, 'the answer read nothing more');
});
