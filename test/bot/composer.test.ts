import t from 'tap';
import { Composer, Context } from 'grammy';
import type { Update } from 'grammy/types';
import { FAKE_BOT } from '../../bench/fake-bot-api.js';
import { BotComposer } from '../../bot/composer.js';
import type { BotContext } from '../../bot/context.js';

const chat = { id: 5, type: 'private' as const, first_name: 'Ann' };
const from = { id: 5, is_bot: false, first_name: 'Ann' };
const textUpdate = (text: string): Update => ({ update_id: 1, message: { message_id: 1, date: 0, chat, from, text } });
const locationUpdate: Update = { update_id: 2, message: { message_id: 2, date: 0, chat, from, location: { latitude: 1, longitude: 2 } } };
const pressUpdate = (data: string): Update => ({ update_id: 3, callback_query: { id: 'q', chat_instance: 'c', from, data } });

/** What running the composer over the update returns: a promise, as grammY's composers return. */
const runOver = (composer: Composer<BotContext>, update: Update) => Promise.resolve(composer.middleware()(contextOf(update), async () => {}));

function contextOf(update: Update): BotContext {
  return new Context(update, {} as never, FAKE_BOT) as BotContext;
}

/** Runs both composers, built alike by `build`, over the update; returns what each recorded. */
async function bothRun(update: Update, build: (composer: Composer<BotContext>, seen: string[]) => void) {
  const results: string[][] = [];
  for (const composer of [new BotComposer(), new Composer<BotContext>()]) {
    const seen: string[] = [];
    build(composer, seen);
    await composer.middleware()(contextOf(update), async () => {
      seen.push('after');
    });
    results.push(seen);
  }
  return { ours: results[0], grammys: results[1] };
}

t.test('runs what grammY runs, in the same order, for each kind of update', async (t) => {
  const build = (composer: Composer<BotContext>, seen: string[]) => {
    composer.use(async (_ctx, next) => {
      seen.push('first in');
      await next();
      seen.push('first out');
    });
    composer.command('start', () => void seen.push('/start'));
    composer.on('message:location', async (_ctx, next) => {
      seen.push('location');
      await next();
    });
    composer.callbackQuery(/^s:(\d+)$/, (ctx) => void seen.push(`search ${ctx.match[1]}`));
    composer.hears(/^hello/i, () => void seen.push('hello'));
    composer.filter(async (ctx) => ctx.message?.text === 'async', () => void seen.push('async filter'));
    composer.on('message:text', (_ctx, next) => {
      seen.push('text');
      return next();
    });
    composer.drop((ctx) => ctx.message?.text === 'dropped', () => void seen.push('not dropped'));
  };
  for (const update of [textUpdate('/start'), textUpdate('Hello there'), textUpdate('async'), textUpdate('dropped'), textUpdate('plain'), locationUpdate, pressUpdate('s:42'), pressUpdate('other')]) {
    const { ours, grammys } = await bothRun(update, build);
    t.same(ours, grammys, JSON.stringify(update).slice(0, 80));
  }
  const { ours } = await bothRun(locationUpdate, build);
  t.same(ours, ['first in', 'location', 'not dropped', 'first out'], 'a location passes the handlers that call next, up to one that does not');
});

t.test('a composer returned by use, and handlers added after the bot is built, run too', async (t) => {
  const composer = new BotComposer();
  const seen: string[] = [];
  const nested = composer.use((_ctx, next) => next());
  const run = composer.middleware();
  nested.use((_ctx, next) => {
    seen.push('added to the nested one later');
    return next();
  });
  composer.on('message', () => void seen.push('added to the outer one later'));
  await run(contextOf(textUpdate('hi')), async () => void seen.push('after'));
  t.same(seen, ['added to the nested one later', 'added to the outer one later']);
});

t.test('errors reach the caller, thrown or rejected; next twice is refused as grammY refuses it', async (t) => {
  const throwing = new BotComposer((() => {
    throw new Error('thrown');
  }) as never);
  await t.rejects(runOver(throwing, textUpdate('x')), { message: 'thrown' });
  const rejecting = new BotComposer();
  rejecting.on('message', async () => {
    throw new Error('rejected');
  });
  await t.rejects(runOver(rejecting, textUpdate('x')), { message: 'rejected' });
  const twice = new BotComposer(async (_ctx, next) => {
    await next();
    await next();
  });
  await t.rejects(runOver(twice, textUpdate('x')), { message: '`next` already called before!' });
  let reachedAfterwards = false;
  const stops = new BotComposer(() => undefined, () => {
    reachedAfterwards = true;
  });
  await stops.middleware()(contextOf(textUpdate('x')), async () => {
    reachedAfterwards = true;
  });
  t.notOk(reachedAfterwards, 'a layer that does not call next ends the update there');
});
