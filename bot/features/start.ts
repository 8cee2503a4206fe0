import { Composer } from 'grammy';
import { recordOutcome, type BotContext } from '../context.js';
import { replyWithTemplate, type ReplyDeps } from '../replies.js';

export const BOT_COMMANDS = [
  { command: 'start', description: 'Start and see what this bot does' },
  { command: 'help', description: 'How to find medical contacts near you' },
];

/** /start answers with the welcome template, /help with the help template. */
export function startFeature(deps: ReplyDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
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
