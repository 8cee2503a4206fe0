import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { aMember, anAuthorizedGroup, lastLog, rendered } from '../helpers/bot-fixtures.js';
import { insertCities } from '../../sql/cities.js';
import { gazetteerRows } from '../../scripts/load-gazetteer.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 50 });
// The full gazetteer's smaller places spelled like "München", "London" and "Barcelona", and the small towns a
// loose match offered for chat (the harness keeps only the large cities).
const SPELLED_ALIKE = /münchen|^lond|^barcelona$|^othello$|^theresa$|^thann$|^neede$|^halle$|^hallow$/i;
await insertCities(h.sql, await gazetteerRows((row) => SPELLED_ALIKE.test(row.name)));

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
  t.equal(part!.text, rendered('location_confirmation', { city: buttonsOf(part)[0] }), 'the question names the first place offered');
  t.ok(buttonsOf(part).length > 2, 'several places and Cancel');
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', message: /^Offered \d places to choose from$/ });
});

t.test('chat is no place: greetings and thanks get the help, and text no place is named like gets the hint', async (t) => {
  const user = await aMember(h, group.id);
  const help = rendered('help', { searches_left: '50 of 50 searches left today' });
  for (const typed of ['hello there', 'Hallo', 'ok thanks!', 'Thank you 🙏', 'Дякую', 'dzień dobry']) {
    const [answer, ...more] = await h.say(user.id, typed);
    t.same(more, []);
    t.equal(answer!.text, help, typed);
    t.same(buttonsOf(answer), [], `"${typed}": no places to choose from`);
    t.match(await lastLog(h.sql, user.id), { level: 'INFO', message: 'Answered small talk with the help' });
  }
  for (const typed of ['how are you today', 'thanks a lot for everything', 'I need']) {
    const [answer] = await h.say(user.id, typed);
    t.equal(answer!.text, help, `"${typed}": within no typo or two of a place's name`);
    t.same(buttonsOf(answer), []);
    t.match(await lastLog(h.sql, user.id), { level: 'WARN', message: 'No place matches the text' });
  }
});

t.test('a misspelt name offers the closest spellings, the largest place first, and no two buttons alike', async (t) => {
  const user = await aMember(h, group.id);
  const [londn] = await h.say(user.id, 'Londn');
  t.equal(londn!.text, rendered('location_confirmation', { city: 'London, England, United Kingdom' }), 'the place meant, not the text as typed');
  const offered = buttonsOf(londn);
  t.equal(offered[0], 'London, England, United Kingdom', 'London before Londa: as few typos, far more people');
  t.ok(offered.some((label) => label.startsWith('Londa,')), 'Londa is offered too');
  t.equal(offered.at(-1), '✖ Cancel');

  const [barcelona] = await h.say(user.id, 'Barcelona');
  const labels = buttonsOf(barcelona);
  t.equal(labels[0], 'Barcelona, Catalonia, Spain');
  t.equal(new Set(labels).size, labels.length, `one button per label: ${labels.join(' | ')}`);
});
