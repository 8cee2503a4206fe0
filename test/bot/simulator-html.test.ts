import t from 'tap';
import { parseTelegramHtml, telegramHtmlProblem } from '../../api/contract/telegram-html.js';

t.test('supported tags become entities with UTF-16 offsets', async (t) => {
  t.same(parseTelegramHtml('🏟 <b>bold <i>both</i></b> <u>u</u><ins>i</ins> <s>s</s><del>d</del><strike>k</strike>'), {
    text: '🏟 bold both ui sdk',
    entities: [
      { type: 'bold', offset: 3, length: 9 },
      { type: 'italic', offset: 8, length: 4 },
      { type: 'underline', offset: 13, length: 1 },
      { type: 'underline', offset: 14, length: 1 },
      { type: 'strikethrough', offset: 16, length: 1 },
      { type: 'strikethrough', offset: 17, length: 1 },
      { type: 'strikethrough', offset: 18, length: 1 },
    ],
  });
  t.same(parseTelegramHtml('<strong>S</strong><em>E</em><tg-spoiler>x</tg-spoiler><span class="tg-spoiler">y</span><code>c</code>').entities, [
    { type: 'bold', offset: 0, length: 1 },
    { type: 'italic', offset: 1, length: 1 },
    { type: 'spoiler', offset: 2, length: 1 },
    { type: 'spoiler', offset: 3, length: 1 },
    { type: 'code', offset: 4, length: 1 },
  ]);
});

t.test('links, code blocks and quotes', async (t) => {
  t.same(parseTelegramHtml('<a href="https://example.org/?a=1&amp;b=2">site</a> <a href=\'nope\'>plain</a>'), {
    text: 'site plain',
    entities: [{ type: 'text_link', offset: 0, length: 4, url: 'https://example.org/?a=1&b=2' }],
  });
  t.same(parseTelegramHtml('<pre><code class="language-ts">let a</code></pre><pre>raw</pre>').entities, [
    { type: 'pre', offset: 0, length: 5, language: 'ts' },
    { type: 'pre', offset: 5, length: 3 },
  ]);
  t.same(parseTelegramHtml('<blockquote>q</blockquote><blockquote expandable>e</blockquote>').entities, [
    { type: 'blockquote', offset: 0, length: 1 },
    { type: 'expandable_blockquote', offset: 1, length: 1 },
  ]);
  t.same(parseTelegramHtml('<a href=https://x.org>x</a>').entities, [{ type: 'text_link', offset: 0, length: 1, url: 'https://x.org' }]);
});

t.test('only Telegram entities are decoded; a bare ampersand stays', async (t) => {
  t.same(parseTelegramHtml('&lt;&gt;&amp;&quot; &ge; &#65;&#x42; & done &#0;').text, '<>&" &ge; AB & done &#0;');
  t.same(parseTelegramHtml('<B></>').entities, [], 'an empty tag makes no entity');
  t.same(parseTelegramHtml('<B>Caps</>').entities, [{ type: 'bold', offset: 0, length: 4 }], 'tag names ignore case');
});

t.test("malformed markup fails with Telegram's description and byte offsets", async (t) => {
  const cases: [string, string][] = [
    ['🏟 🏟&lt;<abac>', 'Unsupported start tag "abac" at byte offset 13'],
    ['🏟 🏟&lt;<i   =aba>', 'Empty attribute name in the tag "i" at byte offset 13'],
    ['🏟 🏟&lt;<i    aba>', `Can't find end tag corresponding to start tag "i"`],
    ['🏟 🏟&lt;<i    aba  =  "&lt;&gt;&quot;>', 'Unclosed start tag at byte offset 13'],
    ['🏟 🏟&lt;<i    aba  =  190azAz', 'Unclosed start tag "i" at byte offset 13'],
    ['<b', 'Unclosed start tag at byte offset 0'],
    ['🏟 🏟&lt;</', 'Unexpected end tag at byte offset 13'],
    ['🏟 🏟&lt;<b></b></', 'Unexpected end tag at byte offset 20'],
    ['🏟 🏟&lt;<i>a</i   ', 'Unclosed end tag at byte offset 17'],
    ['🏟 🏟&lt;<i>a</em   >', 'Unmatched end tag at byte offset 17, expected "</i>", found "</em>"'],
    ['<span>x</span>', 'Tag "span" must have class "tg-spoiler" at byte offset 0'],
  ];
  for (const [markup, message] of cases) {
    t.throws(() => parseTelegramHtml(markup), { name: 'HtmlParseError', message }, markup);
  }
});

t.test('the shared checker explains a refusal to staff, with what to change', async (t) => {
  t.equal(telegramHtmlProblem('<b>{first_name} unclosed'), 'Unclosed <b> tag: close it with </b>');
  t.equal(telegramHtmlProblem('<b><i>x</b></i>'), '</b> found where </i> was expected: close tags in the reverse order they were opened');
  t.match(telegramHtmlProblem('<div>x</div>'), /^<div> is not a tag Telegram supports/);
  t.equal(telegramHtmlProblem('<b>fine</b> &amp; <a href="https://example.org">link</a>'), undefined);
});
