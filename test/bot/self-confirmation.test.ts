import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { createTestApp } from '../helpers/app.js';
import { aContact, aUser, texts } from '../helpers/bot-fixtures.js';
import type { ChatMessage } from '../../bot/simulator/index.js';

// A clinic confirms its own listing through the bot: staff make a one-time link, the clinic opens it
// (in no authorized group), sees its card in its own language and answers ✅ or ✏️; a correction waits
// for staff, who accept it field by field.
const h = await createBotHarness(t);
const { call, userWithToken } = await createTestApp(t, { db: h.db, clock: h.clock, botUsername: () => h.sim.botInfo.username });
const editorToken = async () => (await userWithToken('editor')).token;

async function makeLink(contactId: number): Promise<{ url: string; token: string }> {
  const response = await call(await editorToken(), { method: 'POST', url: `/api/medical-contacts/${contactId}/confirmation-link` });
  if (response.statusCode !== 201) throw new Error(`POST confirmation-link: ${response.statusCode} ${response.body}`);
  const { url } = response.json() as { url: string };
  return { url, token: url.split('?start=v_')[1]! };
}

/** The user replies to the bot's prompt, as a Telegram app does after a ForceReply. */
async function reply(userId: number, prompt: ChatMessage, text: string): Promise<ChatMessage[]> {
  const before = h.sim.messages(userId).at(-1)!.message_id;
  const delivery = h.sim.sendText(userId, text, { replyToMessageId: prompt.message_id });
  await h.handled(delivery.update_id);
  return h.sim.botMessagesSince(userId, before);
}

const buttons = (message: ChatMessage | undefined) => message?.reply_markup?.inline_keyboard.map((row) => row.map((button) => ('callback_data' in button ? [button.text, button.callback_data] : [button.text])));

const weber = await aContact(h.sql, {
  name: 'Praxis Dr. Weber',
  phone: '+49 30 1234567',
  specialty: 'General practice',
  city: 'Berlin',
  country: 'DE',
  latitude: 52.52,
  longitude: 13.405,
  availableHours: 'Mo-Fr 09:00-17:00',
  languages: ['de', 'en'],
});

t.test('the link is a deep link to the bot with a token of at least 128 bits, and only its hash is kept', async (t) => {
  const { url, token } = await makeLink(weber.id);
  t.match(url, new RegExp(`^https://t\\.me/${h.sim.botInfo.username}\\?start=v_[A-Za-z0-9_-]{32}$`));
  t.ok(Buffer.from(token, 'base64url').length * 8 >= 128);
  const stored = await h.sql`SELECT encode(token_hash, 'hex') AS hash FROM confirmation_links WHERE contact_id = ${weber.id} AND ended_at IS NULL`;
  t.equal(stored.length, 1);
  t.not(stored[0]!.hash, Buffer.from(token).toString('hex'), 'not the token itself');
  t.equal(stored[0]!.hash.length, 64, 'a SHA-256');
});

t.test('in German: the clinic sees its card, confirms it, and the link is used up', async (t) => {
  const { token } = await makeLink(weber.id);
  const clinic = aUser(h, { firstName: 'Anna', languageCode: 'de' });
  const [question, ...more] = await h.say(clinic.id, `/start v_${token}`);
  t.equal(more.length, 0);
  t.equal(
    question?.text,
    [
      'So zeigt der Bot Ihren Eintrag den Menschen, die ihn fragen:',
      '<b>Praxis Dr. Weber</b> · Allgemeinmedizin\n🔴 Geschlossen · öffnet Mo 09:00\n📞 +49 30 1234567\n📍 in Berlin · 🗣 ✅ Deutsch, Englisch\n⚠ Noch nicht geprüft',
      '<b>Stimmt das noch?</b>',
    ].join('\n\n'),
  );
  t.strictSame(buttons(question), [[['✅ Alles richtig', `sc:ok:${weber.id}`], ['✏️ Etwas hat sich geändert', `sc:chg:${weber.id}`]]]);

  t.strictSame(texts(await h.press(clinic.id, clinic.id, question!.message_id, `sc:ok:${weber.id}`)), ['Danke! Ihr Eintrag ist als von Ihnen geprüft markiert.']);
  const [verification] = await h.sql`SELECT method, outcome, verified_by, verified_by_telegram_id FROM contact_verifications WHERE contact_id = ${weber.id} ORDER BY id DESC LIMIT 1`;
  t.strictSame({ ...verification }, { method: 'self_confirmed', outcome: 'confirmed', verifiedBy: null, verifiedByTelegramId: clinic.id });
  const [contact] = await h.sql`SELECT verified, last_verification_method FROM medical_contacts WHERE id = ${weber.id}`;
  t.strictSame({ ...contact }, { verified: true, lastVerificationMethod: 'self_confirmed' });
  const audit = await h.sql`SELECT action, actor_username, after->'verification'->>'method' AS method FROM audit_log WHERE target_id = ${String(weber.id)} ORDER BY id DESC LIMIT 1`;
  t.strictSame([...audit], [{ action: 'contact.verify', actorUsername: null, method: 'self_confirmed' }]);
  const linked = await h.sql`SELECT telegram_id FROM contact_linked_accounts WHERE contact_id = ${weber.id}`;
  t.strictSame([...linked], [{ telegramId: clinic.id }], 'the opener is linked to the contact');

  h.clock.advance(1000);
  t.strictSame(
    texts(await h.say(clinic.id, `/start v_${token}`)),
    ['Dieser Link ist nicht mehr gültig; bitten Sie die Mitarbeiter des Verzeichnisses um einen neuen.'],
    'the same link again: used',
  );
});

t.test('in English: the clinic proposes two changes; staff accept one, edited, and the contact changes', async (t) => {
  const clinic = aUser(h, { firstName: 'Ben', languageCode: 'en' });
  const { token } = await makeLink(weber.id);
  const [question] = await h.say(clinic.id, `/start v_${token}`);
  t.equal(
    question?.text,
    [
      'This is how the bot shows your listing to the people who ask it:',
      '<b>Praxis Dr. Weber</b> · General Practice\n🔴 Closed · opens Mon 09:00\n📞 +49 30 1234567\n📍 in Berlin · 🗣 ✅ English, German\n✔ Checked by the clinic today',
      '<b>Is this still right?</b>',
    ].join('\n\n'),
  );
  const [what] = await h.press(clinic.id, clinic.id, question!.message_id, `sc:chg:${weber.id}`);
  t.equal(what?.text, 'What changed?');
  const fieldButtons = [
    [['Phone', `sc:f:${weber.id}:phone`], ['Address', `sc:f:${weber.id}:address`]],
    [['Opening hours', `sc:f:${weber.id}:hours`], ['Specialty', `sc:f:${weber.id}:specialty`]],
    [['Languages', `sc:f:${weber.id}:languages`], ['Closed for good', `sc:f:${weber.id}:closed`]],
  ];
  t.strictSame(buttons(what), fieldButtons);

  const [phonePrompt] = await h.press(clinic.id, clinic.id, what!.message_id, `sc:f:${weber.id}:phone`);
  t.equal(phonePrompt?.text, 'Reply to this message with the new phone number.');
  t.strictSame(phonePrompt?.force_reply, { input_field_placeholder: 'What is right now?' });
  const [received] = await reply(clinic.id, phonePrompt!, '030 7654321');
  t.equal(received?.text, "Thank you! The directory's staff will check this before the listing changes. Did anything else change?");
  t.strictSame(buttons(received), [...fieldButtons, [['That is all', `sc:done:${weber.id}`]]]);

  const [hoursPrompt] = await h.press(clinic.id, clinic.id, received!.message_id, `sc:f:${weber.id}:hours`);
  t.equal(hoursPrompt?.text, 'Reply to this message with the new opening hours, for example "Mon–Fri 9–17".');
  const [again] = await reply(clinic.id, hoursPrompt!, 'Mon-Sat 8-18');
  t.strictSame(texts(await h.press(clinic.id, clinic.id, again!.message_id, `sc:done:${weber.id}`)), ["Thank you! The directory's staff will review your changes."]);

  const [unchanged] = await h.sql`SELECT phone, available_hours FROM medical_contacts WHERE id = ${weber.id}`;
  t.strictSame({ ...unchanged }, { phone: '+49 30 1234567', availableHours: 'Mo-Fr 09:00-17:00' }, 'nothing applied unseen');

  const token_ = await editorToken();
  const list = (await call(token_, { method: 'GET', url: `/api/proposed-corrections?contactId=${weber.id}` })).json();
  t.match(list, {
    total: 1,
    items: [{ contactId: weber.id, contactName: 'Praxis Dr. Weber', telegramId: clinic.id, proposedBy: 'Ben', status: 'pending', fields: [{ field: 'phone', text: '030 7654321' }, { field: 'hours', text: 'Mon-Sat 8-18' }] }],
  });
  const proposalId = list.items[0].id as number;

  const accepted = await call(token_, { method: 'POST', url: `/api/proposed-corrections/${proposalId}/accept`, payload: { fields: [{ field: 'phone', value: '030 7654322' }] } });
  t.equal(accepted.statusCode, 200, accepted.body);
  t.match(accepted.json(), { id: proposalId, status: 'partly_accepted' });
  const [changed] = await h.sql`SELECT phone, available_hours, last_verification_outcome, last_verification_method FROM medical_contacts WHERE id = ${weber.id}`;
  t.strictSame(
    { ...changed },
    { phone: '+49307654322', availableHours: 'Mo-Fr 09:00-17:00', lastVerificationOutcome: 'corrected', lastVerificationMethod: 'self_confirmed' },
    'the phone as staff edited it, read in the contact’s country; the hours as they were',
  );
  const [verification] = await h.sql`SELECT id, outcome, method, verified_by_telegram_id, changes FROM contact_verifications WHERE contact_id = ${weber.id} ORDER BY id DESC LIMIT 1`;
  t.match({ ...verification }, { outcome: 'corrected', method: 'self_confirmed', verifiedByTelegramId: clinic.id, changes: [{ field: 'phone', before: '+49 30 1234567', after: '+49307654322' }] });
  const [resolved] = await h.sql`SELECT status, verification_id FROM proposed_corrections WHERE id = ${proposalId}`;
  t.strictSame({ ...resolved }, { status: 'partly_accepted', verificationId: verification!.id });
  const actions = await h.sql`SELECT action FROM audit_log WHERE created_at >= now() - interval '1 minute' AND action IN ('proposed-correction.accept', 'contact.verify') AND (target_id = ${String(proposalId)} OR target_id = ${String(weber.id)}) ORDER BY id DESC LIMIT 2`;
  t.strictSame(actions.map((row) => row.action).sort(), ['contact.verify', 'proposed-correction.accept']);
  t.match((await call(token_, { method: 'GET', url: `/api/proposed-corrections?contactId=${weber.id}` })).json(), { total: 0, items: [] }, 'no longer pending');
});

t.test('a link replaced, ended, expired or forged is refused in the opener’s language', async (t) => {
  const INVALID = "This link is no longer valid; ask the directory's staff for a new one.";
  const clinic = aUser(h, { languageCode: 'en' });
  const first = await makeLink(weber.id);
  const second = await makeLink(weber.id);
  t.strictSame(texts(await h.say(clinic.id, `/start v_${first.token}`)), [INVALID], 'replaced by a newer one');
  const [ended] = await h.sql`SELECT count(*)::int AS count FROM confirmation_links WHERE contact_id = ${weber.id} AND ended_at IS NULL AND used_at IS NULL`;
  t.equal(ended!.count, 1, 'one live link per contact');

  t.equal((await call(await editorToken(), { method: 'DELETE', url: `/api/medical-contacts/${weber.id}/confirmation-link` })).statusCode, 200);
  t.strictSame(texts(await h.say(clinic.id, `/start v_${second.token}`)), [INVALID], 'ended by staff');

  const third = await makeLink(weber.id);
  h.clock.advance(30 * 86_400_000 + 1);
  t.strictSame(texts(await h.say(clinic.id, `/start v_${third.token}`)), [INVALID], 'expired after 30 days');

  t.strictSame(texts(await h.say(clinic.id, `/start v_${'A'.repeat(32)}`)), [INVALID], 'forged');
  t.strictSame(texts(await h.say(clinic.id, '/start v_x')), [INVALID], 'not even shaped like a token');
  const polish = aUser(h, { languageCode: 'pl' });
  t.strictSame(texts(await h.say(polish.id, `/start v_${third.token}`)), ['Ten link jest już nieważny; poproś obsługę katalogu o nowy.']);

  const fourth = await makeLink(weber.id);
  const [question] = await h.say(clinic.id, `/start v_${fourth.token}`);
  t.ok(question?.text?.includes('<b>Is this still right?</b>'), 'a fresh link works');
  const accounts = (await call(await editorToken(), { method: 'GET', url: `/api/medical-contacts/${weber.id}/linked-accounts` })).json() as { telegramId: number }[];
  t.ok(accounts.some((account) => account.telegramId === clinic.id), 'staff see the linked account');
  const removed = await call(await editorToken(), { method: 'DELETE', url: `/api/medical-contacts/${weber.id}/linked-accounts/${clinic.id}` });
  t.equal(removed.statusCode, 200, removed.body);
  t.strictSame(texts(await h.press(clinic.id, clinic.id, question!.message_id, `sc:ok:${weber.id}`)), [INVALID], 'once staff removed the account, its buttons no longer answer for the contact');
  const [audit] = await h.sql`SELECT action, target_type FROM audit_log WHERE action = 'linked-account.remove' ORDER BY id DESC LIMIT 1`;
  t.strictSame({ ...audit }, { action: 'linked-account.remove', targetType: 'contact_linked_account' });
});

t.test('a field answered again replaces the earlier answer in the one pending proposal', async (t) => {
  const clinic = aUser(h, { languageCode: 'fr' });
  const other = await aContact(h.sql, { name: 'Cabinet Martin', city: 'Lyon', country: 'FR', latitude: 45.764, longitude: 4.8357, languages: ['fr'] });
  const { token } = await makeLink(other.id);
  const [question] = await h.say(clinic.id, `/start v_${token}`);
  const [what] = await h.press(clinic.id, clinic.id, question!.message_id, `sc:chg:${other.id}`);
  t.equal(what?.text, "Qu'est-ce qui a changé ?");
  const [first] = await h.press(clinic.id, clinic.id, what!.message_id, `sc:f:${other.id}:specialty`);
  t.equal(first?.text, 'Répondez à ce message avec la bonne spécialité.');
  const [received] = await reply(clinic.id, first!, 'Pédiatre');
  const [second] = await h.press(clinic.id, clinic.id, received!.message_id, `sc:f:${other.id}:specialty`);
  await reply(clinic.id, second!, 'Pédiatrie et néonatologie');
  // A prompt answered already takes no second answer: the text goes on as any other text would (the gate refuses a clinic in no group).
  await reply(clinic.id, first!, 'again to an old prompt');
  const proposals = await h.sql`SELECT fields FROM proposed_corrections WHERE contact_id = ${other.id} AND status = 'pending'`;
  t.strictSame(proposals.map((row) => row.fields), [[{ field: 'specialty', text: 'Pédiatrie et néonatologie' }]]);
});
