import RiMapPin2Fill from 'remixicon/icons/Map/map-pin-2-fill.svg?react';
import RiReplyLine from 'remixicon/icons/Business/reply-line.svg?react';
import RiRobot2Line from 'remixicon/icons/User & Faces/robot-2-line.svg?react';
import { useEffect, useRef } from 'react';
import type { SandboxButton, SandboxMessage } from '@contract/bot-sandbox.js';
import { parseTelegramHtml } from '@contract/telegram-html.js';
import { TelegramHtml } from '../../../components/telegram-html.js';
import { formatTime } from '../../../lib/format.js';

/** What a user sent that has not been answered yet. */
export interface PendingMessage {
  text?: string;
  location?: { latitude: number; longitude: number };
}

interface ChatViewProps {
  messages: SandboxMessage[];
  pending?: PendingMessage;
  /** The button being pressed, as "messageId:data", while its answer is awaited. */
  pressing?: string;
  onPress: (message: SandboxMessage, button: SandboxButton) => void;
  /** A web_app button (🗺 Map) was pressed: open the Mini App at this address, as Telegram opens it over the chat. */
  onOpenWebApp: (url: string) => void;
  /** Makes the next text a reply to this message. */
  onReply: (message: SandboxMessage) => void;
  labelledBy: string;
  emptyText: string;
}

const SNIPPET_LENGTH = 80;

/** A message in a line of plain text, for a quote: "Location 48.8566, 2.3522", or its text shortened. */
export function messageSnippet(message: SandboxMessage): string {
  if (message.venue) return `${message.venue.title}, ${message.venue.address}`;
  if (message.location) return `Location ${message.location.latitude.toFixed(4)}, ${message.location.longitude.toFixed(4)}`;
  if (message.text === null) return '(a message the sandbox cannot show)';
  const text = (message.html ? parseTelegramHtml(message.text).text : message.text).replace(/\s+/g, ' ').trim();
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1)}…` : text;
}

function LocationBody({ latitude, longitude }: { latitude: number; longitude: number }) {
  return (
    <span className="flex items-center gap-1.5">
      <RiMapPin2Fill className="h-4 w-4 shrink-0 text-rose-500" aria-hidden="true" />
      <span>
        Location <span className="font-mono text-[0.85em]">{latitude.toFixed(4)}, {longitude.toFixed(4)}</span>
      </span>
    </span>
  );
}

/** A place as Telegram shows a venue: its name and address over its point. */
function VenueBody({ title, address, latitude, longitude }: { title: string; address: string; latitude: number; longitude: number }) {
  return (
    <span className="flex items-start gap-1.5" aria-label="Venue">
      <RiMapPin2Fill className="mt-0.5 h-4 w-4 shrink-0 text-rose-500" aria-hidden="true" />
      <span>
        <strong className="block">{title}</strong>
        <span className="block">{address}</span>
        <span className="block font-mono text-[0.75em] text-slate-500">
          {latitude.toFixed(4)}, {longitude.toFixed(4)}
        </span>
      </span>
    </span>
  );
}

function Keyboard({
  message,
  pressing,
  onPress,
  onOpenWebApp,
}: {
  message: SandboxMessage;
  pressing?: string;
  onPress: ChatViewProps['onPress'];
  onOpenWebApp: ChatViewProps['onOpenWebApp'];
}) {
  return (
    // Rows of equal-width buttons as wide as the message, a label too long for its button cut with "…", as Telegram draws them.
    <div className="mt-1 space-y-1" role="group" aria-label="Inline buttons">
      {message.buttons.map((row, rowIndex) => (
        <div key={rowIndex} className="flex gap-1">
          {row.map((button, index) =>
            button.webAppUrl ? (
              <button
                key={index}
                type="button"
                onClick={() => onOpenWebApp(button.webAppUrl!)}
                className="min-w-0 flex-1 truncate rounded-md bg-sky-600/80 px-3 py-2 text-center text-sm font-medium text-white hover:bg-sky-700"
              >
                {button.text}
              </button>
            ) : button.url ? (
              <a
                key={index}
                href={button.url}
                target="_blank"
                rel="noopener noreferrer"
                className="relative min-w-0 flex-1 truncate rounded-md bg-sky-600/80 px-3 py-2 text-center text-sm font-medium text-white hover:bg-sky-700"
              >
                {button.text}
                {/* In the corner, as Telegram marks a link: the label keeps the button's width. */}
                <span aria-hidden="true" className="absolute right-1 top-0.5 text-[0.65rem] leading-none">
                  ↗
                </span>
              </a>
            ) : (
              <button
                key={index}
                type="button"
                disabled={pressing !== undefined || button.callbackData === undefined}
                aria-busy={pressing === `${message.messageId}:${button.callbackData}` || undefined}
                onClick={() => onPress(message, button)}
                className="min-w-0 flex-1 truncate rounded-md bg-sky-600/80 px-3 py-2 text-center text-sm font-medium text-white hover:bg-sky-700 disabled:cursor-wait disabled:opacity-60"
              >
                {button.text}
              </button>
            ),
          )}
        </div>
      ))}
    </div>
  );
}

interface BubbleProps {
  message: SandboxMessage;
  /** The message this one replies to, when the chat still holds it. */
  quoted?: SandboxMessage;
  pressing?: string;
  onPress: ChatViewProps['onPress'];
  onOpenWebApp: ChatViewProps['onOpenWebApp'];
  onReply: ChatViewProps['onReply'];
}

function Bubble({ message, quoted, pressing, onPress, onOpenWebApp, onReply }: BubbleProps) {
  const fromBot = message.from.isBot;
  return (
    <li className={`flex ${fromBot ? 'justify-start' : 'justify-end'}`} aria-label={fromBot ? 'Bot reply' : `Sent by ${message.from.firstName}`}>
      <div className={`max-w-[88%] sm:max-w-[75%] ${fromBot ? '' : 'items-end'}`}>
        <div
          className={`rounded-2xl px-3 py-2 text-[0.9rem] leading-snug shadow-sm ${
            fromBot ? 'rounded-bl-sm bg-white text-slate-900' : 'rounded-br-sm bg-emerald-100 text-slate-900'
          }`}
        >
          {fromBot ? (
            <p className="mb-0.5 flex items-center gap-1 text-xs font-semibold text-sky-700">
              <RiRobot2Line className="h-3.5 w-3.5" aria-hidden="true" />
              {message.from.firstName}
            </p>
          ) : null}
          {message.viaBot ? (
            <p className="mb-0.5 text-xs text-slate-600">
              via <span className="font-semibold text-sky-700">@{message.viaBot}</span>
            </p>
          ) : null}
          {quoted ? (
            <p className="mb-1 break-words rounded border-l-2 border-sky-500 bg-black/5 px-2 py-0.5 text-xs text-slate-600" aria-label="In reply to">
              <span className="font-semibold text-sky-700">{quoted.from.firstName}</span> {messageSnippet(quoted)}
            </p>
          ) : null}
          <div className="whitespace-pre-wrap break-words">
            {message.venue && message.location ? (
              <VenueBody {...message.venue} {...message.location} />
            ) : message.location ? (
              <LocationBody {...message.location} />
            ) : message.text === null ? (
              <em className="text-slate-500">(a message the sandbox cannot show)</em>
            ) : message.html ? (
              <TelegramHtml html={message.text} />
            ) : (
              message.text
            )}
          </div>
          <p className="mt-0.5 flex items-center justify-end gap-2 text-[0.7rem] text-slate-500">
            <button
              type="button"
              onClick={() => onReply(message)}
              aria-label={`Reply to ${message.from.firstName}`}
              className="flex items-center gap-0.5 rounded px-1 text-sky-700 hover:bg-sky-50"
            >
              <RiReplyLine className="h-3 w-3" aria-hidden="true" />
              Reply
            </button>
            <span>
              {message.edited ? 'edited · ' : ''}
              <time dateTime={message.date}>{formatTime(message.date)}</time>
            </span>
          </p>
        </div>
        {message.buttons.length > 0 ? <Keyboard message={message} pressing={pressing} onPress={onPress} onOpenWebApp={onOpenWebApp} /> : null}
      </div>
    </li>
  );
}

/** A Telegram-like chat: the user's messages on the right, the bot's on the left with their buttons. */
export function ChatView({ messages, pending, pressing, onPress, onOpenWebApp, onReply, labelledBy, emptyText }: ChatViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.messageId;
  const byId = new Map(messages.map((message) => [message.messageId, message]));
  // Keep the latest message in view, scrolling only the chat (never the page).
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lastId, pending, messages.length]);

  return (
    <div ref={scroller} className="h-[55vh] min-h-[20rem] overflow-y-auto rounded-tremor-default bg-[#dfe8ef] p-3 sm:h-[32rem] sm:p-4">
      {messages.length === 0 && !pending ? (
        <p className="flex h-full items-center justify-center text-center text-tremor-default text-slate-600">{emptyText}</p>
      ) : (
        <ol className="space-y-2" aria-labelledby={labelledBy} aria-live="polite">
          {messages.map((message) => (
            <Bubble
              key={message.messageId}
              message={message}
              quoted={message.replyToMessageId === null ? undefined : byId.get(message.replyToMessageId)}
              pressing={pressing}
              onPress={onPress}
              onOpenWebApp={onOpenWebApp}
              onReply={onReply}
            />
          ))}
          {pending ? (
            <>
              <li className="flex justify-end" aria-label="Sending">
                <div className="max-w-[88%] rounded-2xl rounded-br-sm bg-emerald-50 px-3 py-2 text-[0.9rem] text-slate-700 shadow-sm sm:max-w-[75%]">
                  <div className="whitespace-pre-wrap break-words">
                    {pending.location ? <LocationBody {...pending.location} /> : pending.text}
                  </div>
                  <p className="mt-0.5 text-right text-[0.7rem] text-slate-500">sending…</p>
                </div>
              </li>
              <li className="flex justify-start">
                <p role="status" className="rounded-2xl bg-white/70 px-3 py-1.5 text-xs italic text-slate-600">
                  The bot is typing…
                </p>
              </li>
            </>
          ) : null}
        </ol>
      )}
    </div>
  );
}
