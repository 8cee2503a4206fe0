import type { SandboxMessage } from '@contract/bot-sandbox.js';

export type ReplyKeyboardButton = NonNullable<SandboxMessage['replyKeyboard']>[number][number];

/** The reply keyboard a Telegram app shows now: the bot's latest one, unless a later message took it away. */
export function currentReplyKeyboard(messages: SandboxMessage[]): ReplyKeyboardButton[][] | undefined {
  const latest = messages.findLast((message) => message.from.isBot && (message.replyKeyboard || message.removeKeyboard));
  return latest?.replyKeyboard;
}

interface ReplyKeyboardProps {
  rows: ReplyKeyboardButton[][];
  disabled: boolean;
  onPress: (button: ReplyKeyboardButton) => void;
  /** Said under the keyboard: why a button cannot do its job yet. */
  hint?: string;
}

/** The bot's reply keyboard under the chat, in place of the phone's keyboard: a press sends the button's text, or the user's location. */
export function ReplyKeyboard({ rows, disabled, onPress, hint }: ReplyKeyboardProps) {
  return (
    <div role="group" aria-label="Reply keyboard" className="space-y-1 rounded-tremor-default bg-slate-100 p-2">
      {rows.map((row, rowIndex) => (
        <div key={rowIndex} className="flex gap-1">
          {row.map((button, index) => (
            <button
              key={index}
              type="button"
              disabled={disabled}
              onClick={() => onPress(button)}
              className="min-w-0 flex-1 truncate rounded-md bg-white px-3 py-2 text-center text-sm font-medium text-slate-900 shadow-sm hover:bg-slate-50 disabled:cursor-wait disabled:opacity-60"
            >
              {button.text}
            </button>
          ))}
        </div>
      ))}
      {hint ? <p className="px-1 text-tremor-label text-tremor-content">{hint}</p> : null}
    </div>
  );
}
