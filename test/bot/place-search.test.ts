import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { aMember, anAuthorizedGroup, lastLog, rendered } from '../helpers/bot-fixtures.js';
import { insertCities } from '../../sql/cities.js';
import { gazetteerRows } from '../../scripts/load-gazetteer.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 50 });
// The full gazetteer's smaller places spelled like "München" (the harness keeps only the large cities).
await insertCities(h.sql, await gazetteerRows((row) => /münchen/i.test(row.name)));

/** The button labels of a question, row by row. */
const buttonsOf = (question: { reply_markup?: { inline_keyboard: { text: string }[][] } } | undefined) =>
  (question?.reply_markup?.inline_keyboard ?? []).flat().map((button) => button.text);

t.test('"München" asks to confirm Munich, though places named like it exist', async (t) => {
  const user = await aMember(h, group.id);
  for (const typed of ['München', 'munchen', 'Munich']) {
    const [question, ...more] = await h.say(user.id, typed);
    t.same(more, []);
    t.equal(question!.text, rendered('location_confirmation', { city: 'Munich, Bavaria, Germany' }), typed);
    t.same(buttonsOf(question), ['Munich, Bavaria, Germany', '✖ Cancel'], `"${typed}" names Munich: one button`);
    t.match(await lastLog(h.sql, user.id), { level: 'INFO', message: 'Asked to confirm a place' });
  }
});

t.test('a place\'s own name still names it; a part of a name offers the places to choose from', async (t) => {
  const user = await aMember(h, group.id);
  const [own] = await h.say(user.id, 'Münchenstein');
  t.same(buttonsOf(own), ['Münchenstein, Basel-Landschaft, Switzerland', '✖ Cancel']);

  const [part] = await h.say(user.id, 'Münche');
  t.equal(part!.text, rendered('location_confirmation', { city: 'Münche' }));
  t.ok(buttonsOf(part).length > 2, 'several places and Cancel');
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', message: /^Offered \d places to choose from$/ });
});
