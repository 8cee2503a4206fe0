import t from 'tap';
import { REFUSALS } from '../../bot/replies/default-templates.js';
import { anotherInstance, createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, aUser, refusal, texts } from '../helpers/bot-fixtures.js';

/**
 * The bot answers from memory, and a change by anyone — here SQL by hand, the hardest case,
 * since nothing in the process hears of it — takes effect on the next update, on every instance
 * sharing the database: instance A long-polls the simulator, instance B (as a webhook instance would)
 * is handed updates directly. Each instance has answered before the change, so each has it in memory.
 */

const h = await createBotHarness(t);
const instanceB = await anotherInstance(t, h);

const group = await anAuthorizedGroup(h, { dailyLimit: 50 });
const PARIS = { latitude: 48.8566, longitude: 2.3522 };
await aContact(h.sql, { ...PARIS, name: 'Dr First', city: 'Paris' });

/** Instance B answers a location, as Telegram would post it to a webhook. */
const locateOnOther = async (userId: number, point = PARIS) => texts(await instanceB.locate(userId, point));

/** Both instances answer the user once more at the point. */
async function bothAnswer(userId: number) {
  return { a: texts(await h.locate(userId, PARIS.latitude, PARIS.longitude)), b: await locateOnOther(userId) };
}

const user = await aMember(h, group.id);
// Users as the simulator names them, so that instance B's updates carry the same profile.
const answered = await bothAnswer(user.id);
t.match(answered.a.join('\n'), /Dr First/, 'instance A answers');
t.match(answered.b.join('\n'), /Dr First/, 'instance B answers');

t.test('a known user answered from memory costs one statement: the claim with its daily request', async (t) => {
  await locateOnOther(user.id);
  instanceB.countFromNow();
  const [answer] = await locateOnOther(user.id);
  t.match(answer, /Dr First/);
  t.equal(instanceB.statements(), 1, 'one statement on the answer path');
});

t.test('settings: maintenance mode switched on by hand refuses the next update on both instances', async (t) => {
  await h.sql`UPDATE system_settings SET maintenance_mode = true`;
  t.teardown(() => h.sql`UPDATE system_settings SET maintenance_mode = false`);
  const { a, b } = await bothAnswer(user.id);
  t.same(a, [refusal(REFUSALS.maintenance)]);
  t.same(b, [refusal(REFUSALS.maintenance)]);
});

t.test('access lists: a group switched off, then on again', async (t) => {
  await h.sql`UPDATE authorized_groups SET is_active = false WHERE group_id = ${group.id}`;
  const off = await bothAnswer(user.id);
  t.same(off.a, [refusal(REFUSALS.accessDenied)]);
  t.same(off.b, [refusal(REFUSALS.accessDenied)]);
  await h.sql`UPDATE authorized_groups SET is_active = true WHERE group_id = ${group.id}`;
  const on = await bothAnswer(user.id);
  t.match(on.a[0], /Dr First/);
  t.match(on.b[0], /Dr First/);
});

t.test('access lists: a stranger put on the whitelist by hand is answered', async (t) => {
  const stranger = aUser(h);
  t.same((await bothAnswer(stranger.id)).b, [refusal(REFUSALS.accessDenied)], 'refused first');
  await h.sql`INSERT INTO admin_whitelist (telegram_id, first_name, reason) VALUES (${stranger.id}, 'Stranger', 'test')`;
  const { a, b } = await bothAnswer(stranger.id);
  t.match(a[0], /Dr First/);
  t.match(b[0], /Dr First/);
});

t.test("the user's own access: blocked by staff, and a membership that ends", async (t) => {
  const other = await aMember(h, group.id);
  await bothAnswer(other.id);
  await h.sql`UPDATE telegram_users SET is_blocked = true WHERE telegram_id = ${other.id}`;
  const blocked = await bothAnswer(other.id);
  t.same(blocked.a, [refusal(REFUSALS.blocked)]);
  t.same(blocked.b, [refusal(REFUSALS.blocked)]);
  await h.sql`UPDATE telegram_users SET is_blocked = false WHERE telegram_id = ${other.id}`;
  t.match((await bothAnswer(other.id)).b[0], /Dr First/, 'unblocked');
  await h.sql`UPDATE user_memberships SET is_active = false, membership_status = 'left' WHERE telegram_id = ${other.id}`;
  const left = await bothAnswer(other.id);
  t.same(left.a, [refusal(REFUSALS.accessDenied)]);
  t.same(left.b, [refusal(REFUSALS.accessDenied)]);
});

t.test('templates: the answer template edited by hand', async (t) => {
  const [before] = await h.sql<{ content: string }[]>`SELECT content FROM message_templates WHERE type = 'location_result' AND language = 'en' AND is_active`;
  await h.sql`UPDATE message_templates SET content = 'Edited by hand: {count} near {city}' WHERE type = 'location_result' AND language = 'en' AND is_active`;
  t.teardown(() => h.sql`UPDATE message_templates SET content = ${before!.content} WHERE type = 'location_result' AND language = 'en' AND is_active`);
  const { a, b } = await bothAnswer(user.id);
  t.match(a[0], /^Edited by hand: 1 near Paris/);
  t.match(b[0], /^Edited by hand: 1 near Paris/);
});

t.test('the contact directory and the gazetteer, written by hand', async (t) => {
  await h.sql`INSERT INTO medical_contacts (name, phone, specialty, city, country, latitude, longitude, is_active)
    VALUES ('Dr Second', '+33 1 00 00 00 02', 'Dentist', 'Paris', 'FR', 48.857, 2.353, true)`;
  await h.sql`INSERT INTO cities (id, name, country_code, country, region, population, latitude, longitude)
    VALUES (999999001, 'Handville', 'FR', 'France', 'Test Region', 1, ${PARIS.latitude}, ${PARIS.longitude})`;
  const { a, b } = await bothAnswer(user.id);
  for (const answer of [a.join('\n'), b.join('\n')]) {
    t.match(answer, /Dr Second/, 'the new contact is found');
    t.match(answer, /Handville, Test Region, France/, 'the new place names the point');
  }
});

t.test('a language chosen by hand: both instances answer the next update in it', async (t) => {
  const chooser = await aMember(h, group.id);
  await bothAnswer(chooser.id);
  await h.sql`UPDATE telegram_users SET chosen_language = 'uk' WHERE telegram_id = ${chooser.id}`;
  const { a, b } = await bothAnswer(chooser.id);
  t.match(a[0], /^📍 <b>Медичні контакти поблизу — /);
  t.match(b[0], /^📍 <b>Медичні контакти поблизу — /);
});

t.test('hiding contacts not verified for long, and a contact verified by hand: both instances answer as the database says', async (t) => {
  const added = new Date(h.clock.now().getTime() - 3_700 * 86_400_000);
  await h.sql`INSERT INTO medical_contacts (name, phone, specialty, city, country, latitude, longitude, created_at)
    VALUES ('Dr Unverified', '+33 1 00 00 00 03', 'Dentist', 'Paris', 'FR', 48.857, 2.353, ${added})`;
  const shown = await bothAnswer(user.id);
  t.match(shown.a.join('\n'), /Dr Unverified/);
  t.match(shown.b.join('\n'), /Dr Unverified/);
  await h.sql`UPDATE system_settings SET hide_unverified_after_days = 3650`;
  t.teardown(() => h.sql`UPDATE system_settings SET hide_unverified_after_days = NULL`);
  const hidden = await bothAnswer(user.id);
  for (const answer of [hidden.a.join('\n'), hidden.b.join('\n')]) {
    t.notMatch(answer, /Dr Unverified/, 'added over ten years ago and never verified: left out');
    t.match(answer, /Dr First/);
  }
  await h.sql`UPDATE medical_contacts SET verified = true, verified_at = ${h.clock.now()} WHERE name = 'Dr Unverified'`;
  const verified = await bothAnswer(user.id);
  t.match(verified.a.join('\n'), /Dr Unverified/, 'verified: answered again');
  t.match(verified.b.join('\n'), /Dr Unverified/);
});
