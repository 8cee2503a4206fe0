import { useState, type ReactNode } from 'react';
import { telegramHtmlProblem } from '@contract/telegram-html.js';

/**
 * Telegram HTML (core.telegram.org/bots/api#html-style) rendered as React elements: the text is
 * parsed into a tree of the allowed tags and nothing is ever handed to the DOM as markup. Markup
 * Telegram would refuse is reported as refused (TelegramHtml), not drawn.
 */

type Tag = 'b' | 'i' | 'u' | 's' | 'a' | 'code' | 'pre' | 'blockquote' | 'spoiler';

interface ElementNode {
  tag: Tag;
  href?: string;
  expandable?: boolean;
  children: HtmlNode[];
}
type HtmlNode = string | ElementNode;

const TAG_ALIASES: Record<string, Tag> = {
  b: 'b',
  strong: 'b',
  i: 'i',
  em: 'i',
  u: 'u',
  ins: 'u',
  s: 's',
  strike: 's',
  del: 's',
  a: 'a',
  code: 'code',
  pre: 'pre',
  blockquote: 'blockquote',
  'tg-spoiler': 'spoiler',
};

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/** Decodes the four named entities Telegram supports and numeric ones. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Links may only lead to the web, e-mail, telephone or Telegram; anything else (javascript:…) is dropped. */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  const trimmed = href.trim();
  return /^(https?:|mailto:|tel:|tg:)/i.test(trimmed) ? trimmed : undefined;
}

function readAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(/([a-z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/gi)) {
    attributes[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

const TAG_PATTERN = /<(\/?)([a-z][a-z-]*)((?:\s+[a-z-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/gi;

/** Parses Telegram HTML into a tree; unbalanced closing tags are ignored, unclosed ones end with the text. */
export function parseTelegramHtml(html: string): HtmlNode[] {
  const root: ElementNode = { tag: 'b', children: [] };
  const stack: { node: ElementNode; name: string }[] = [{ node: root, name: '#root' }];
  const current = () => stack.at(-1)!.node;
  const pushText = (text: string) => {
    if (!text) return;
    const children = current().children;
    const last = children.at(-1);
    if (typeof last === 'string') children[children.length - 1] = last + text;
    else children.push(text);
  };

  let position = 0;
  for (const match of html.matchAll(TAG_PATTERN)) {
    pushText(decodeEntities(html.slice(position, match.index)));
    position = match.index + match[0].length;
    const [whole, closing, rawName, rawAttributes] = match as unknown as [string, string, string, string];
    const name = rawName.toLowerCase();
    const attributes = readAttributes(rawAttributes);
    const tag = name === 'span' && attributes.class === 'tg-spoiler' ? 'spoiler' : TAG_ALIASES[name];
    if (!tag) {
      pushText(decodeEntities(whole));
      continue;
    }
    if (closing) {
      const index = stack.findLastIndex((entry) => entry.name === name);
      if (index > 0) stack.length = index;
      continue;
    }
    const node: ElementNode = { tag, children: [] };
    if (tag === 'a') node.href = safeHref(attributes.href);
    if (tag === 'blockquote') node.expandable = 'expandable' in attributes;
    current().children.push(node);
    stack.push({ node, name });
  }
  pushText(decodeEntities(html.slice(position)));
  return root.children;
}

function Spoiler({ children }: { children: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  if (revealed) return <span className="rounded bg-slate-200/60">{children}</span>;
  return (
    <button
      type="button"
      onClick={() => setRevealed(true)}
      className="rounded bg-slate-400 px-0.5 text-transparent [text-shadow:0_0_6px_rgba(15,23,42,0.6)] hover:bg-slate-500"
      aria-label="Spoiler: press to reveal"
    >
      {children}
    </button>
  );
}

function renderNodes(nodes: HtmlNode[], keyPrefix: string): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${keyPrefix}.${index}`;
    if (typeof node === 'string') return node;
    const children = renderNodes(node.children, key);
    switch (node.tag) {
      case 'b':
        return <strong key={key}>{children}</strong>;
      case 'i':
        return <em key={key}>{children}</em>;
      case 'u':
        return <u key={key}>{children}</u>;
      case 's':
        return <s key={key}>{children}</s>;
      case 'code':
        return (
          <code key={key} className="rounded bg-slate-100 px-1 font-mono text-[0.85em] text-rose-700">
            {children}
          </code>
        );
      case 'pre':
        return (
          <pre key={key} className="my-1 overflow-x-auto whitespace-pre rounded bg-slate-100 p-2 font-mono text-[0.85em] [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-slate-800">
            {children}
          </pre>
        );
      case 'blockquote':
        return (
          <blockquote key={key} className="my-1 border-l-2 border-sky-500 bg-sky-50 py-0.5 pl-2">
            {children}
          </blockquote>
        );
      case 'spoiler':
        return <Spoiler key={key}>{children}</Spoiler>;
      case 'a':
        return node.href ? (
          <a key={key} href={node.href} target="_blank" rel="noopener noreferrer" className="text-sky-700 underline hover:text-sky-900">
            {children}
          </a>
        ) : (
          <span key={key}>{children}</span>
        );
    }
  });
}

/**
 * A message text in Telegram HTML, as Telegram would show it; markup Telegram would refuse (the shared
 * check the simulator and the API use) is said to be refused rather than shown as if it would arrive.
 */
export function TelegramHtml({ html }: { html: string }) {
  const problem = telegramHtmlProblem(html);
  if (problem) return <span role="alert" className="text-red-700">Telegram would refuse this message: {problem}</span>;
  return <>{renderNodes(parseTelegramHtml(html), 'n')}</>;
}
