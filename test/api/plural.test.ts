import t from 'tap';
import { formatCount, pluralForm } from '../../api/contract/plural.js';

t.test('formatCount: the count with its noun in the right form', async (t) => {
  t.equal(formatCount(0, 'contact'), '0 contacts');
  t.equal(formatCount(1, 'contact'), '1 contact');
  t.equal(formatCount(2, 'contact'), '2 contacts');
  t.equal(formatCount(1234, 'request'), '1,234 requests', 'numbers written as the console writes them');
  t.equal(formatCount(1, 'entry', 'entries'), '1 entry');
  t.equal(formatCount(2, 'entry', 'entries'), '2 entries', 'an irregular plural');
  t.equal(formatCount(1.5, 'second'), '1.5 seconds', 'a fraction is plural');
});

t.test('pluralForm: the word that goes with a count', async (t) => {
  t.strictSame([0, 1, 2].map((count) => pluralForm(count, 'was', 'were')), ['were', 'was', 'were']);
  t.strictSame([0, 1, 2].map((count) => pluralForm(count, 'member')), ['members', 'member', 'members']);
});
