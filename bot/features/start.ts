import type { Composer } from 'grammy';
import { BotComposer } from '../composer.js';
import type { BotCommand } from 'grammy/types';
import type { LanguageCode } from '../../api/contract/languages.js';
import { textsIn } from '../locales/index.js';
import { FIND_TEXTS } from '../locales/find.js';
import { recordOutcome, type BotContext } from '../context.js';
import { replyWithTemplate, type ReplyDeps } from '../replies/replies.js';

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

/** /start answers with the welcome template, /help with the help template. */
export function startFeature(deps: ReplyDeps): Composer<BotContext> {
  const composer = new BotComposer();
  composer.command('start', async (ctx) => {
    await replyWithTemplate(deps, ctx, 'welcome');
    recordOutcome(ctx, 'INFO', 'Sent the welcome message');
  });
  composer.command('help', async (ctx) => {
    await replyWithTemplate(deps, ctx, 'help');
    recordOutcome(ctx, 'INFO', 'Sent help');
  });
  return composer;
}
