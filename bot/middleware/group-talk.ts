import type { MiddlewareFn } from 'grammy';
import type { Message } from 'grammy/types';
import { recordOutcome, type BotContext } from '../context.js';

/** A command's name and the bot it is addressed to: "/help@other_bot" → other_bot; none for "/help". */
const ADDRESSED_COMMAND = /^\/[^\s@]+(?:@(\S+))?/;

/** Whether a group's text message is meant for this bot: its command, a reply to it, or text that names it. */
function meantForBot(message: Message, bot: { id: number; username: string }): boolean {
  const text = message.text ?? '';
  const username = bot.username.toLowerCase();
  const command = ADDRESSED_COMMAND.exec(text);
  if (command) return command[1] === undefined || command[1].toLowerCase() === username;
  if (message.reply_to_message?.from?.id === bot.id) return true;
  return (message.entities ?? []).some((entity) => entity.type === 'mention' && text.slice(entity.offset + 1, entity.offset + entity.length).toLowerCase() === username);
}

/** A group's text message not meant for this bot (meantForBot): talk the bot leaves alone. */
export function isGroupTalk(ctx: BotContext): boolean {
  const chat = ctx.chat;
  const message = ctx.message;
  return !!chat && (chat.type === 'group' || chat.type === 'supergroup') && message?.text !== undefined && !meantForBot(message, ctx.me);
}

/**
 * In a group the bot answers what is meant for it: locations, its buttons, its commands, and text that
 * replies to it or names it (@bot). The rest of the group's talk, commands for other bots included, is
 * left alone: no reply, and a DEBUG log row, which the default log level does not keep and no request
 * figure counts. So is, in any chat, a card a user posted through the bot's inline mode ("via @bot",
 * bot/features/inline-search.ts): the bot's own words, not a question to it.
 */
export function groupTalk(): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    if (ctx.message?.via_bot?.id === ctx.me.id) {
      recordOutcome(ctx, 'DEBUG', 'Left a card posted through inline mode');
      return;
    }
    if (!isGroupTalk(ctx)) return next();
    recordOutcome(ctx, 'DEBUG', 'Left group talk not meant for the bot');
  };
}

/** A text message's words for the bot: without the @mention that addressed it in a group. */
export function textForBot(ctx: BotContext & { message: { text: string } }): string {
  const mention = new RegExp(`(^|\\s)@${ctx.me.username}\\b`, 'gi');
  return ctx.message.text.replace(mention, ' ').trim();
}
