import type { MessageEntity } from 'grammy/types';

/**
 * Telegram's HTML subset (core.telegram.org/bots/api#html-style), checked the way the Bot API parses it.
 * Pure and dependency-free: the simulator answers with it, the API validates templates and broadcasts
 * with it, and the console warns with it as staff type.
 */

/**
 * Thrown when a text sent with `parse_mode: 'HTML'` is not HTML that Telegram accepts. The message is the
 * part Telegram puts after "Bad Request: can't parse entities: ", with Telegram's wording and UTF-8 byte offsets;
 * `explanation` says the same to staff, with what to change.
 */
export class HtmlParseError extends Error {
  readonly explanation: string;

  constructor(
    message: string,
    explanation: string,
  ) {
    super(message);
    this.explanation = explanation;
    this.name = 'HtmlParseError';
  }
}

/** The plain text a user sees and the entities Telegram derives from the markup. */
export interface ParsedText {
  text: string;
  entities: MessageEntity[];
}

/** Telegram's supported tags, and the entity each one produces (`a`, `pre` and `span` are handled apart). */
const SIMPLE_TAGS: Record<string, MessageEntity['type']> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  code: 'code',
  'tg-spoiler': 'spoiler',
};
const SUPPORTED_TAGS = new Set([...Object.keys(SIMPLE_TAGS), 'a', 'pre', 'blockquote', 'span']);

/** Telegram decodes only these named entities; any other `&name;` stays literal text. */
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

interface OpenTag {
  name: string;
  attributes: Map<string, string>;
  /** Offset of the tag's content in the output text, in UTF-16 code units as Telegram counts entities. */
  offset: number;
}

const unclosedStartTag = (name: string) => `The <${name}> tag is missing its >`;
const isSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\r';
const isNameChar = (char: string | undefined) => char !== undefined && /[a-zA-Z0-9-]/.test(char);
const utf8 = new TextEncoder();
const byteOffset = (input: string, index: number) => utf8.encode(input.slice(0, index)).length;

/**
 * Parses Telegram HTML (`parse_mode: 'HTML'`) the way the Bot API does: the supported tags become entities,
 * `&lt; &gt; &amp; &quot;` and numeric references are decoded, and anything malformed throws
 * {@link HtmlParseError} with the description Telegram would give.
 */
export function parseTelegramHtml(input: string): ParsedText {
  let text = '';
  const entities: MessageEntity[] = [];
  const stack: OpenTag[] = [];
  let i = 0;

  while (i < input.length) {
    const char = input[i];
    if (char === '&') {
      const decoded = decodeEntity(input, i);
      text += decoded.value;
      i = decoded.next;
    } else if (char !== '<') {
      text += char;
      i += 1;
    } else if (input[i + 1] === '/') {
      i = closeTag(input, i, stack, text, entities);
    } else {
      const opened = openTag(input, i, text.length);
      stack.push(opened.tag);
      i = opened.next;
    }
  }

  const unclosed = stack.at(-1);
  if (unclosed) throw new HtmlParseError(
      `Can't find end tag corresponding to start tag "${unclosed.name}"`,
      `Unclosed <${unclosed.name}> tag: close it with </${unclosed.name}>`,
    );
  // Telegram lists entities by position, outer before inner when they start together.
  entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text, entities };
}

function decodeEntity(input: string, start: number): { value: string; next: number } {
  const end = input.indexOf(';', start);
  const name = end === -1 ? '' : input.slice(start + 1, end);
  const named = NAMED_ENTITIES[name];
  if (named !== undefined) return { value: named, next: end + 1 };
  const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(name);
  if (numeric) {
    const codePoint = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
    if (codePoint > 0 && codePoint <= 0x10ffff) return { value: String.fromCodePoint(codePoint), next: end + 1 };
  }
  return { value: '&', next: start + 1 };
}

function openTag(input: string, start: number, offset: number): { tag: OpenTag; next: number } {
  const at = byteOffset(input, start);
  let i = start + 1;
  while (isNameChar(input[i])) i += 1;
  const name = input.slice(start + 1, i).toLowerCase();
  if (!SUPPORTED_TAGS.has(name)) throw new HtmlParseError(
      `Unsupported start tag "${name}" at byte offset ${at}`,
      `<${name}> is not a tag Telegram supports (b, i, u, s, a, code, pre, blockquote, tg-spoiler); write &lt; for a plain <`,
    );

  const attributes = new Map<string, string>();
  for (;;) {
    while (isSpace(input[i])) i += 1;
    if (i >= input.length) throw new HtmlParseError(`Unclosed start tag at byte offset ${at}`, unclosedStartTag(name));
    if (input[i] === '>') break;
    const nameStart = i;
    while (isNameChar(input[i])) i += 1;
    const attribute = input.slice(nameStart, i).toLowerCase();
    if (attribute === '') throw new HtmlParseError(`Empty attribute name in the tag "${name}" at byte offset ${at}`, `The <${name}> tag has an attribute without a name`);
    while (isSpace(input[i])) i += 1;
    if (input[i] !== '=') {
      attributes.set(attribute, ''); // A bare attribute, as in <blockquote expandable>.
      continue;
    }
    i += 1;
    while (isSpace(input[i])) i += 1;
    const quote = input[i];
    let value: string;
    if (quote === '"' || quote === "'") {
      const close = input.indexOf(quote, i + 1);
      if (close === -1) throw new HtmlParseError(`Unclosed start tag at byte offset ${at}`, unclosedStartTag(name));
      value = decodeAttribute(input.slice(i + 1, close));
      i = close + 1;
    } else {
      const valueStart = i;
      while (i < input.length && /[a-zA-Z0-9.\-_:/]/.test(input[i]!)) i += 1;
      if (i >= input.length) throw new HtmlParseError(`Unclosed start tag "${name}" at byte offset ${at}`, unclosedStartTag(name));
      value = input.slice(valueStart, i);
    }
    attributes.set(attribute, value);
  }

  if (name === 'span' && attributes.get('class') !== 'tg-spoiler') {
    throw new HtmlParseError(`Tag "span" must have class "tg-spoiler" at byte offset ${at}`, 'A <span> tag must have class="tg-spoiler"');
  }
  return { tag: { name, attributes, offset }, next: i + 1 };
}

function decodeAttribute(raw: string): string {
  let value = '';
  let i = 0;
  while (i < raw.length) {
    if (raw[i] === '&') {
      const decoded = decodeEntity(raw, i);
      value += decoded.value;
      i = decoded.next;
    } else {
      value += raw[i];
      i += 1;
    }
  }
  return value;
}

function closeTag(input: string, start: number, stack: OpenTag[], text: string, entities: MessageEntity[]): number {
  const at = byteOffset(input, start);
  const open = stack.pop();
  if (!open) throw new HtmlParseError(`Unexpected end tag at byte offset ${at}`, 'An end tag closes no open tag: remove it, or write &lt; for a plain <');
  let i = start + 2;
  while (i < input.length && !isSpace(input[i]) && input[i] !== '>') i += 1;
  const name = input.slice(start + 2, i).toLowerCase();
  while (isSpace(input[i])) i += 1;
  if (input[i] !== '>') throw new HtmlParseError(`Unclosed end tag at byte offset ${at}`, `The end tag </${open.name}> is missing its >`);
  // Telegram accepts a bare `</>` as the end of whatever tag is open.
  if (name !== '' && name !== open.name) {
    throw new HtmlParseError(
      `Unmatched end tag at byte offset ${at}, expected "</${open.name}>", found "</${name}>"`,
      `</${name}> found where </${open.name}> was expected: close tags in the reverse order they were opened`,
    );
  }
  const length = text.length - open.offset;
  const entity = length > 0 ? entityFor(open, length, stack.at(-1)) : undefined;
  if (entity) {
    // `<pre><code class="language-x">` is one pre entity with a language, not two entities.
    const merged = open.name === 'pre' && entities.find((e) => e.type === 'pre' && e.offset === open.offset && e.length === length);
    if (!merged) entities.push(entity);
  }
  return i + 1;
}

function entityFor(tag: OpenTag, length: number, parent: OpenTag | undefined): MessageEntity | undefined {
  const { offset } = tag;
  const simple = SIMPLE_TAGS[tag.name];
  if (tag.name === 'code' && parent?.name === 'pre') {
    const language = /^language-(.+)$/.exec(tag.attributes.get('class') ?? '')?.[1];
    if (language && parent.offset === offset) return { type: 'pre', offset, length, language };
  }
  if (simple) return { type: simple, offset, length } as MessageEntity;
  switch (tag.name) {
    case 'span':
      return { type: 'spoiler', offset, length };
    case 'pre':
      return { type: 'pre', offset, length };
    case 'blockquote':
      return { type: tag.attributes.has('expandable') ? 'expandable_blockquote' : 'blockquote', offset, length };
    default: {
      // `a`: Telegram silently drops links whose href is not a usable URL, keeping the text.
      const href = tag.attributes.get('href') ?? '';
      return /^(https?:\/\/|tg:\/\/)\S+$/i.test(href) ? { type: 'text_link', offset, length, url: href } : undefined;
    }
  }
}

/** Why Telegram would refuse this text as HTML, for staff; undefined when it would accept it. */
export function telegramHtmlProblem(html: string): string | undefined {
  try {
    parseTelegramHtml(html);
    return undefined;
  } catch (error) {
    if (error instanceof HtmlParseError) return error.explanation;
    throw error;
  }
}
