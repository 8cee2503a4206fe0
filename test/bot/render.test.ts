import t from 'tap';
import { packSections, splitMessage } from '../../bot/replies/render.js';
import { escapeHtml, LEAVE_OUT_LINE, renderTemplate, TELEGRAM_MESSAGE_LIMIT, type TemplateValues } from '../../api/contract/message-templates.js';
import { formatDuration } from '../../api/contract/reply-values.js';

t.test('escapeHtml escapes what Telegram HTML reads as markup', async (t) => {
  t.equal(escapeHtml('<b>Tom & "Jerry"</b>'), '&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;');
  t.equal(escapeHtml('&amp;'), '&amp;amp;', 'an entity in data is shown as typed, not decoded');
  t.equal(escapeHtml("it's fine – ünïcode 🙂"), "it's fine – ünïcode 🙂");
  t.equal(escapeHtml(''), '');
});

t.test('renderTemplate fills placeholders with escaped values and keeps the template\'s HTML', async (t) => {
  t.equal(renderTemplate('<b>Hi {first_name}</b>, {count} left', { first_name: 'A<b>', count: 2 }), '<b>Hi A&lt;b&gt;</b>, 2 left');
  t.equal(renderTemplate('{a}{a}{a}', { a: 'x' }), 'xxx', 'every occurrence');
  t.equal(renderTemplate('[{missing}] [{nil}] [{undef}]', { nil: null, undef: undefined }), '[] [] []', 'unknown, null and undefined are empty');
  t.equal(renderTemplate('{zero} {empty}', { zero: 0, empty: '' }), '0 ', 'zero is a value');
  t.equal(renderTemplate('{first_name}', { first_name: '{city}', city: 'Oslo' }), '{city}', 'values are not expanded again');
  t.equal(renderTemplate('{ spaced } {1abc} {} {{first_name}}', { first_name: 'Ada' }), '{ spaced } {1abc} {} {Ada}', 'only {name} is a placeholder');
  t.equal(renderTemplate('{First_Name}', { first_name: 'Ada' }), '', 'names are case-sensitive');
  t.equal(renderTemplate('no placeholders', {}), 'no placeholders');
});

t.test('a placeholder valued LEAVE_OUT_LINE leaves out the lines that use it, and the blank line of their paragraph', async (t) => {
  const values: TemplateValues = { remaining: LEAVE_OUT_LINE, daily_limit: 'unlimited', city: 'Oslo' };
  t.equal(renderTemplate('📍 Near {city}: 3\nSearches left today: {remaining} of {daily_limit}.', values), '📍 Near Oslo: 3', 'a last line');
  t.equal(renderTemplate('Hi\n\nYou have {remaining} left.\n\nSend a place.', values), 'Hi\n\nSend a place.', 'a paragraph between two others');
  t.equal(renderTemplate('Hi\n\n{remaining} left today.', values), 'Hi', 'a last paragraph');
  t.equal(renderTemplate('{remaining} left.\n\nHi', values), 'Hi', 'a first paragraph');
  t.equal(renderTemplate('A\n{remaining}\nB\n\n\nC', values), 'A\nB\n\n\nC', "the template's own blank lines elsewhere are kept");
  t.equal(renderTemplate('{daily_limit} searches a day', values), 'unlimited searches a day', 'other placeholders are filled as ever');
  t.equal(renderTemplate('{remaining} left today', values), ' left today', 'a template of only such lines keeps them: Telegram refuses an empty message');
});

t.test('splitMessage keeps short texts whole', async (t) => {
  t.same(splitMessage('hello'), ['hello']);
  t.same(splitMessage(''), ['']);
  const exactly = 'x'.repeat(TELEGRAM_MESSAGE_LIMIT);
  t.same(splitMessage(exactly), [exactly], 'exactly 4096 is one message');
});

t.test('splitMessage cuts on line boundaries, each part within the limit', async (t) => {
  t.same(splitMessage('aaa\nbbb\nccc', 7), ['aaa\nbbb', 'ccc']);
  t.same(splitMessage('aaa\nbbb\nccc', 8), ['aaa\nbbb', 'ccc']);
  t.same(splitMessage('aaaa\nbbbb', 4), ['aaaa', 'bbbb'], 'a line exactly at the limit');
  const lines = Array.from({ length: 500 }, (_, index) => `line ${index} ${'·'.repeat(index % 37)}`);
  const parts = splitMessage(lines.join('\n'));
  t.ok(parts.length > 1);
  t.ok(parts.every((part) => part.length <= TELEGRAM_MESSAGE_LIMIT));
  t.equal(parts.join('\n'), lines.join('\n'), 'nothing lost or reordered');
  t.ok(parts.every((part) => !part.startsWith('\n') && !part.endsWith('\n') || part === ''), 'no part starts or ends mid-line');
});

t.test('splitMessage cuts a single line longer than the limit into pieces', async (t) => {
  t.same(splitMessage('abcdefghij', 4), ['abcd', 'efgh', 'ij']);
  t.same(splitMessage('ab\nabcdefghij\ncd', 4), ['ab', 'abcd', 'efgh', 'ij', 'cd']);
  t.same(splitMessage('ab\nabcdefgh\nc', 5), ['ab', 'abcde', 'fgh\nc'], 'the rest of a cut line joins the next lines');
  const long = 'y'.repeat(TELEGRAM_MESSAGE_LIMIT * 2 + 5);
  t.same(splitMessage(long).map((part) => part.length), [4096, 4096, 5]);
});

t.test('splitMessage keeps blank lines inside parts', async (t) => {
  t.same(splitMessage('ab\n\ncd\nef', 6), ['ab\n\ncd', 'ef']);
});

t.test('formatDuration says how long until the reset', async (t) => {
  t.equal(formatDuration(14 * 3_600_000), '14 h');
  t.equal(formatDuration(5 * 3_600_000 + 12 * 60_000), '5 h 12 min');
  t.equal(formatDuration(48 * 60_000), '48 min');
  t.equal(formatDuration(1), '1 min', 'rounded up, never 0');
  t.equal(formatDuration(0), '1 min');
  t.equal(formatDuration(59 * 60_000 + 1), '1 h');
});

t.test('packSections keeps sections whole and fills each message', async (t) => {
  t.same(packSections(['a', 'b', 'c'], 10), ['a\n\nb\n\nc']);
  t.same(packSections(['<b>1</b>', '<b>2</b>', '<b>3</b>'], 20), ['<b>1</b>\n\n<b>2</b>', '<b>3</b>'], 'a message ends between sections, never inside one');
  t.same(packSections(['x'.repeat(8), 'y'.repeat(8)], 10), ['x'.repeat(8), 'y'.repeat(8)]);
  t.same(packSections(['line one\nline two', 'z'], 12), ['line one', 'line two\n\nz'], 'a section longer than a message is split by lines');
  t.same(packSections([]), []);
});
