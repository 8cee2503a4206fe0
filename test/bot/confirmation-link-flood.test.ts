import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { aUser, texts } from '../helpers/bot-fixtures.js';
import { INVALID_LINK_COST } from '../../bot/features/self-confirmation.js';

// A link that is no longer valid costs its opener more of their flood-control share than a message:
// guessing tokens is slowed to a trickle, while a person who mistyped once is answered again a few seconds later.
const h = await createBotHarness(t, { floodControl: { burst: 8, perSecond: 1 } });
const INVALID = "This link is no longer valid; ask the directory's staff for a new one.";

t.test('two tries of forged links leave no share for a third message until the bucket refills', async (t) => {
  t.equal(INVALID_LINK_COST, 3);
  const guesser = aUser(h, { languageCode: 'en' });
  t.strictSame(texts(await h.say(guesser.id, `/start v_${'A'.repeat(32)}`)), [INVALID], 'the first try: 1 + 3 of 8');
  t.strictSame(texts(await h.say(guesser.id, `/start v_${'B'.repeat(32)}`)), [INVALID], 'the second: 8 of 8');
  t.strictSame(texts(await h.say(guesser.id, `/start v_${'C'.repeat(32)}`)), [], 'the third is dropped unanswered');
  h.clock.advance(1000);
  t.strictSame(texts(await h.say(guesser.id, `/start v_${'D'.repeat(32)}`)), [INVALID], 'a second later, one more');
  const [row] = await h.sql`SELECT count(*)::int AS count FROM bot_logs WHERE user_id = ${guesser.id} AND message LIKE 'Refused a confirmation link%'`;
  t.equal(row!.count, 3, 'each refusal logged');
});
