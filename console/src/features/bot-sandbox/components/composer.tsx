import RiCloseLine from 'remixicon/icons/System/close-line.svg?react';
import RiReplyFill from 'remixicon/icons/Business/reply-fill.svg?react';
import RiSendPlane2Fill from 'remixicon/icons/Business/send-plane-2-fill.svg?react';
import { Button } from '@tremor/react';
import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { MAX_MESSAGE_TEXT } from '@contract/bot-sandbox.js';
import { formatCount } from '../../../lib/format.js';
import { inlineQueryOf } from './inline-results.js';

const QUICK_COMMANDS = ['/start', '/help'] as const;

/** The message the next text answers, as a Telegram app shows it above the text box. */
export interface ReplyTarget {
  author: string;
  snippet: string;
  /** The hint the bot asked for (ForceReply's placeholder). */
  placeholder?: string;
}

interface ComposerProps {
  disabled: boolean;
  onSend: (text: string) => void;
  /** In a group: the bot's username, which a message names to address the bot. */
  mention?: string;
  /** The bot's username: `@<bot> <query>` in the text box is an inline query, as in Telegram. */
  botUsername?: string;
  /** The bot's results for an inline query, shown above the text box while one is typed; `clear` empties the box. */
  inlineResults?: (query: string, clear: () => void) => ReactNode;
  replyTo?: ReplyTarget;
  onCancelReply: () => void;
}

/** The text box under the chat, with the bot's commands (and in a group, its name) one press away. */
export function Composer({ disabled, onSend, mention, botUsername, inlineResults, replyTo, onCancelReply }: ComposerProps) {
  const [text, setText] = useState('');
  const inlineQuery = inlineQueryOf(text, botUsername);
  const addressed = mention ?? botUsername;
  const inputId = useId();
  const hintId = useId();
  const tooLong = text.length > MAX_MESSAGE_TEXT;
  const canSend = !disabled && text.trim() !== '' && !tooLong;

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend(text);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  return (
    <form onSubmit={send} className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-tremor-label text-tremor-content">Quick commands:</span>
        {QUICK_COMMANDS.map((command) => (
          <Button key={command} type="button" size="xs" variant="secondary" disabled={disabled} onClick={() => onSend(command)}>
            {command}
          </Button>
        ))}
        {/* In a group it addresses the bot; anywhere it starts an inline query, as typing it does. */}
        {addressed ? (
          <Button type="button" size="xs" variant="secondary" disabled={disabled} onClick={() => setText((typed) => (typed.startsWith(`@${addressed}`) ? typed : `@${addressed} ${typed}`))}>
            @{addressed}
          </Button>
        ) : null}
      </div>
      {inlineQuery !== undefined && inlineResults ? inlineResults(inlineQuery, () => setText('')) : null}
      {replyTo ? (
        <div className="flex items-center gap-2 rounded-tremor-default border-l-4 border-sky-500 bg-sky-50 px-3 py-1.5" role="status">
          <RiReplyFill className="h-4 w-4 shrink-0 text-sky-600" aria-hidden="true" />
          <p className="min-w-0 flex-1 text-tremor-label text-tremor-content">
            Replying to <span className="font-semibold text-tremor-content-strong">{replyTo.author}</span>: <span className="break-words">{replyTo.snippet}</span>
          </p>
          <button type="button" onClick={onCancelReply} aria-label="Cancel the reply" className="shrink-0 rounded p-1 text-tremor-content hover:bg-sky-100">
            <RiCloseLine className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="sr-only">
            Message
          </label>
          <textarea
            id={inputId}
            rows={2}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={replyTo?.placeholder ?? 'Message'}
            aria-describedby={hintId}
            aria-invalid={tooLong || undefined}
            className={`block w-full resize-y rounded-tremor-default border px-3 py-2 text-tremor-default text-tremor-content-strong shadow-tremor-input placeholder:text-tremor-content-subtle focus:border-tremor-brand-subtle focus:outline-none focus:ring-2 focus:ring-tremor-brand-muted ${
              tooLong ? 'border-red-500' : 'border-tremor-border'
            }`}
          />
        </div>
        <Button type="submit" icon={RiSendPlane2Fill} disabled={!canSend} loading={disabled && text.trim() !== ''}>
          Send
        </Button>
      </div>
      <p id={hintId} className={`text-tremor-label ${tooLong ? 'text-red-600' : 'text-tremor-content'}`}>
        {tooLong
          ? `Telegram messages are at most ${MAX_MESSAGE_TEXT.toLocaleString('en-GB')} characters (${formatCount(text.length, 'character')} now).`
          : mention
            ? `Enter sends. In a group the bot answers its commands, locations, replies to it and messages that name @${mention}; it leaves the rest of the group's talk alone. @${mention} and a word (dentist) shows its inline results.`
            : `Enter sends; Shift+Enter starts a new line. A city name makes the bot offer places to choose from; a contact's confirmation link opens as the clinic would open it.${botUsername ? ` @${botUsername} and a word (dentist) shows the bot's inline results, as in Telegram.` : ''}`}
      </p>
    </form>
  );
}
