import type { Composer } from 'grammy';
import { BotComposer } from '../composer.js';
import type { BotCommand } from 'grammy/types';
import type { LanguageCode } from '../../api/contract/languages.js';
import { textsIn } from '../locales/index.js';
import { FIND_TEXTS } from '../locales/find.js';
import { recordOutcome, type BotContext } from '../context.js';
import type { ReplyDeps } from '../replies/replies.js';
import { replyWithGuide } from '../replies/guides.js';

/** The command menu (setMyCommands) in a language. */
export function botCommands(language: LanguageCode): BotCommand[] {
  const { commands } = textsIn(language);
  return [
    { command: 'start', description: commands.start },
    { command: 'find', description: FIND_TEXTS[language].command },
    { command: 'help', description: commands.help },
    { command: 'language', description: commands.language },
  ];
}

/**
 * /start (and a start payload nobody answers: a friendly welcome, never an error) answers with the welcome
 * template, /help with the help template; in a private chat both come with 📍 Share my location.
 */
export function startFeature(deps: ReplyDeps): Composer<BotContext> {
  const composer = new BotComposer();
  composer.command('start', async (ctx) => {
    await replyWithGuide(deps, ctx, 'welcome');
    recordOutcome(ctx, 'INFO', ctx.match ? 'Sent the welcome message for a start link the bot does not know' : 'Sent the welcome message', {
      ...(ctx.match && { metadata: { ...ctx.request.log.metadata, payload: ctx.match.slice(0, 64) } }),
    });
  });
  composer.command('help', async (ctx) => {
    await replyWithGuide(deps, ctx, 'help');
    recordOutcome(ctx, 'INFO', 'Sent help');
  });
  return composer;
}
