import t from 'tap';
import type { Test } from 'tap';
import type { TemplateType } from '../../api/contract/message-templates.js';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, rendered, texts } from '../helpers/bot-fixtures.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 4 });

/** Makes a template the active English one of its type for one test, putting the old text back after. */
async function withTemplate(t: Test, type: TemplateType, content: string) {
  const [before] = await h.sql<{ content: string }[]>`SELECT content FROM message_templates WHERE type = ${type} AND language = 'en' AND is_active`;
  await h.sql`UPDATE message_templates SET content = ${content}, updated_at = now() WHERE type = ${type} AND language = 'en' AND is_active`;
  t.teardown(() => h.sql`UPDATE message_templates SET content = ${before!.content} WHERE type = ${type} AND language = 'en' AND is_active`);
}

t.test('/start answers with the welcome template, the name and the daily limit filled in', async (t) => {
  const ada = await aMember(h, group.id, { firstName: 'Ada' });
  t.same(texts(await h.say(ada.id, '/start')), [rendered('welcome', { first_name: 'Ada', searches_left: '4 of 4 searches left today' })]);
  t.match(rendered('welcome', { first_name: 'Ada', searches_left: '4 of 4 searches left today' }), /Hello, Ada!.*\n\n4 of 4 searches left today\.$/s);
});

t.test('/help answers with the help template, counting the searches left today', async (t) => {
  const bo = await aMember(h, group.id, { firstName: 'Bo' });
  t.same(texts(await h.say(bo.id, '/help')), [rendered('help', { searches_left: '4 of 4 searches left today' })]);
  await aContact(h.sql, { latitude: 48.8566, longitude: 2.3522, city: 'Paris' });
  await h.locate(bo.id, 48.86, 2.35);
  const [help] = texts(await h.say(bo.id, '/help'));
  t.equal(help, rendered('help', { searches_left: '3 of 4 searches left today' }));
  t.match(help, 'Each search counts towards your daily limit. 3 of 4 searches left today.');
});

t.test('/start@botname is the same command', async (t) => {
  const cy = await aMember(h, group.id, { firstName: 'Cy' });
  t.same(texts(await h.say(cy.id, `/start@${h.sim.botInfo.username}`)), [rendered('welcome', { first_name: 'Cy', searches_left: '4 of 4 searches left today' })]);
});

t.test('editing the active template in the database changes the answer at once', async (t) => {
  const dee = await aMember(h, group.id, { firstName: 'Dee' });
  await withTemplate(t, 'welcome', 'Welcome back, <b>{first_name}</b>: {remaining} of {daily_limit} left.');
  t.same(texts(await h.say(dee.id, '/start')), ['Welcome back, <b>Dee</b>: 4 of 4 left.']);
});

t.test('an unknown placeholder renders as empty', async (t) => {
  const eve = await aMember(h, group.id, { firstName: 'Eve' });
  await withTemplate(t, 'help', 'Hi {first_name}{no_such_thing}! [{another_unknown}]');
  t.same(texts(await h.say(eve.id, '/help')), ['Hi Eve! []']);
});

t.test('user names are HTML-escaped', async (t) => {
  const odd = await aMember(h, group.id, { firstName: '<b>Tom & "Jerry"</b>' });
  const [welcome] = await h.say(odd.id, '/start');
  t.equal(welcome!.text, rendered('welcome', { first_name: '<b>Tom & "Jerry"</b>', searches_left: '4 of 4 searches left today' }));
  t.match(welcome!.text, 'Hello, &lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;!');
  t.notOk(welcome!.entities?.some((entity) => entity.type === 'bold'), 'the name is not turned into formatting');
});

t.test('a template longer than 4096 characters is split on line boundaries', async (t) => {
  const fay = await aMember(h, group.id, { firstName: 'Fay' });
  const lines = Array.from({ length: 90 }, (_, index) => `Line ${String(index).padStart(2, '0')} ${'x'.repeat(90)}`);
  await withTemplate(t, 'help', lines.join('\n'));
  const replies = texts(await h.say(fay.id, '/help'));
  t.equal(replies.length, 3, '90 lines of 99 characters make three messages');
  for (const reply of replies) t.ok(reply!.length <= 4096, `a part of ${reply!.length} characters`);
  t.equal(replies.join('\n'), lines.join('\n'), 'nothing lost, every cut between two lines');
  t.match(replies[0], /^Line 00 /);
  t.match(replies[1], /^Line 41 /);
});
