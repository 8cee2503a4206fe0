import t, { type Test } from 'tap';
import { Bot, GrammyError, InlineKeyboard } from 'grammy';
import type { ChatMemberUpdated } from 'grammy/types';
import { run } from '@grammyjs/runner';
import { createTelegramSimulator, type TelegramSimulator } from '../../bot/simulator/index.js';
import { createTestClock } from '../helpers/clock.js';
import { until } from '../helpers/wait.js';
import { MAX_HISTORY } from '../../bot/simulator/state.js';

const ADA = { id: 42, first_name: 'Ada', username: 'ada' };
const BO = { id: 43, first_name: 'Bo' };
const GROUP = { id: -1001, title: 'Clinic staff', type: 'supergroup' as const };
const ALL_UPDATES = ['message', 'callback_query', 'chat_member', 'my_chat_member'] as const;

/** A simulator closed when the test ends, after the bots stopped (teardowns run in reverse order). */
async function aSimulator(t: Test, options: Parameters<typeof createTelegramSimulator>[0] = {}) {
  const simulator = await createTelegramSimulator(options);
  t.teardown(() => simulator.close());
  return simulator;
}

/** A real grammY bot pointed at the simulator, the way the product creates it. */
function aBot(simulator: TelegramSimulator) {
  return new Bot(simulator.token, { client: { apiRoot: simulator.apiRoot } });
}

/** Runs the bot with @grammyjs/runner until the test ends. */
function runBot(t: Test, bot: Bot) {
  const handle = run(bot, { runner: { fetch: { allowed_updates: ALL_UPDATES, timeout: 5 } } });
  t.teardown(() => handle.stop());
  return handle;
}

t.test('through @grammyjs/runner, /start reaches the handler and the HTML reply with buttons lands in the chat', async (t) => {
  const clock = createTestClock();
  const simulator = await aSimulator(t, { now: clock.now });
  const bot = aBot(simulator);
  bot.command('start', (ctx) =>
    ctx.reply(`<b>Welcome</b>, ${ctx.from!.first_name} &amp; friends`, {
      parse_mode: 'HTML',
      reply_markup: new InlineKeyboard().text('Show help', 'help'),
      link_preview_options: { is_disabled: true },
    }));
  runBot(t, bot);
  simulator.upsertUser(ADA);

  const sent = simulator.sendText(ADA.id, '/start');
  t.same(sent.message?.entities, [{ type: 'bot_command', offset: 0, length: 6 }], 'Telegram marks the command');
  const [reply] = await simulator.waitForBotMessages(ADA.id, { afterMessageId: sent.message!.message_id });

  const date = Math.floor(clock.now().getTime() / 1000);
  t.strictSame(simulator.messages(ADA.id), [
    { message_id: 1, chat_id: 42, from: { id: 42, is_bot: false, first_name: 'Ada', username: 'ada' }, date, text: '/start', entities: [{ type: 'bot_command', offset: 0, length: 6 }] },
    {
      message_id: 2,
      chat_id: 42,
      from: { id: 123456, is_bot: true, first_name: 'Simulated Bot', username: 'simulated_bot' },
      date,
      text: '<b>Welcome</b>, Ada &amp; friends',
      parse_mode: 'HTML',
      entities: [{ type: 'bold', offset: 0, length: 7 }],
      reply_markup: { inline_keyboard: [[{ text: 'Show help', callback_data: 'help' }]] },
    },
  ]);
  t.same(reply, simulator.messages(ADA.id)[1]);
});

t.test('a button press reaches callback_query:data; the answer and the edit are seen like Telegram sees them', async (t) => {
  const simulator = await aSimulator(t);
  const bot = aBot(simulator);
  const seen: string[] = [];
  bot.command('start', (ctx) => ctx.reply('Pick one', { reply_markup: new InlineKeyboard().text('Oslo', 'city:oslo').text('Bergen', 'city:bergen') }));
  bot.on('callback_query:data', async (ctx) => {
    seen.push(`${ctx.from.id}:${ctx.callbackQuery.data}:${ctx.callbackQuery.message?.message_id}`);
    await ctx.answerCallbackQuery({ text: 'Noted' });
    await ctx.editMessageText(`You picked <i>${ctx.callbackQuery.data.slice(5)}</i>`, { parse_mode: 'HTML' });
  });
  runBot(t, bot);
  const answers: unknown[] = [];
  simulator.events.on('apiCall', (method, _params, answer) => method === 'answerCallbackQuery' && answers.push(answer));
  simulator.upsertUser(ADA);

  const start = simulator.sendText(ADA.id, '/start');
  const [menu] = await simulator.waitForBotMessages(ADA.id, { afterMessageId: start.message!.message_id });
  const edited = new Promise((resolve) => simulator.events.once('botMessage', (chatId, message) => resolve({ chatId, message })));
  simulator.pressButton(ADA.id, ADA.id, menu!.message_id, 'city:bergen');

  const { chatId, message } = (await edited) as { chatId: number; message: { text: string; edited: boolean; reply_markup?: unknown } };
  t.equal(chatId, ADA.id);
  t.same(seen, [`42:city:bergen:${menu!.message_id}`]);
  t.same(answers, [{ ok: true, result: true }]);
  t.equal(message.text, 'You picked <i>bergen</i>');
  t.equal(message.edited, true);
  t.equal(message.reply_markup, undefined, 'an edit without reply_markup takes the buttons away, as on Telegram');
  t.throws(() => simulator.pressButton(ADA.id, ADA.id, menu!.message_id, 'city:bergen'), /has no button/, 'the buttons are gone');
  t.throws(() => simulator.pressButton(ADA.id, ADA.id, menu!.message_id, 'city:paris'), /has no button with callback data 'city:paris'/);
});

t.test('getChatMember follows addMember and removeMember', async (t) => {
  const simulator = await aSimulator(t);
  const bot = aBot(simulator);
  simulator.upsertUser(ADA);
  simulator.upsertUser(BO);
  simulator.createGroup(GROUP);

  t.equal((await bot.api.getChatMember(GROUP.id, ADA.id)).status, 'left', 'never in the group');
  simulator.addMember(GROUP.id, ADA.id);
  simulator.addMember(GROUP.id, BO.id, 'administrator');
  t.equal((await bot.api.getChatMember(GROUP.id, ADA.id)).status, 'member');
  t.match(await bot.api.getChatMember(GROUP.id, BO.id), { status: 'administrator', user: { id: 43 }, can_restrict_members: true });
  simulator.addMember(GROUP.id, BO.id, 'kicked');
  t.equal((await bot.api.getChatMember(GROUP.id, BO.id)).status, 'kicked');
  simulator.removeMember(GROUP.id, ADA.id);
  t.equal((await bot.api.getChatMember(GROUP.id, ADA.id)).status, 'left');
  t.equal((await bot.api.getChatMember(GROUP.id, simulator.botInfo.id)).status, 'left', 'the bot is not in the group yet');
  t.equal((await bot.api.getChatMember(ADA.id, ADA.id)).status, 'member', 'a private chat has the user as member');
  t.same(simulator.listGroups(), [{ ...GROUP, botStatus: 'left', members: [{ userId: 43, status: 'kicked' }] }]);

  t.match(await failure(bot.api.getChatMember(-999, ADA.id)), { error_code: 400, description: 'Bad Request: chat not found' });
  t.match(await failure(bot.api.getChatMember(GROUP.id, 777)), { error_code: 400, description: 'Bad Request: user not found' });
});

t.test('my_chat_member and chat_member updates reach a bot that asks for them', async (t) => {
  const simulator = await aSimulator(t);
  const bot = aBot(simulator);
  const changes: string[] = [];
  const describe = (kind: string, change: ChatMemberUpdated) =>
    `${kind} ${change.chat.id} ${change.new_chat_member.user.id} ${change.old_chat_member.status}->${change.new_chat_member.status} by ${change.from.id}`;
  bot.on('my_chat_member', (ctx) => void changes.push(describe('my', ctx.myChatMember)));
  bot.on('chat_member', (ctx) => void changes.push(describe('member', ctx.chatMember)));
  void bot.start({ allowed_updates: ALL_UPDATES, timeout: 5 });
  t.teardown(() => bot.stop());
  simulator.upsertUser(ADA);
  simulator.upsertUser(BO);
  simulator.createGroup(GROUP);
  simulator.addMember(GROUP.id, ADA.id, 'creator');

  t.ok(simulator.addBot(GROUP.id, ADA.id), 'adding the bot queues my_chat_member');
  t.equal(simulator.addMember(GROUP.id, BO.id), undefined, 'Telegram tells only administrators about members');
  simulator.addBot(GROUP.id, ADA.id, 'administrator');
  simulator.removeMember(GROUP.id, BO.id);
  simulator.addMember(GROUP.id, BO.id);
  t.equal(simulator.addMember(GROUP.id, BO.id), undefined, 'no change, no update');

  await until(() => changes.length === 4, 'the bot to see the four member changes');
  t.same(changes, [
    'my -1001 123456 left->member by 42',
    'my -1001 123456 member->administrator by 42',
    'member -1001 43 member->left by 43',
    'member -1001 43 left->member by 43',
  ]);
});

t.test('without chat_member in allowed_updates Telegram leaves those updates out', async (t) => {
  const simulator = await aSimulator(t);
  const bot = aBot(simulator);
  simulator.upsertUser(ADA);
  simulator.createGroup(GROUP);
  simulator.addMember(GROUP.id, ADA.id, 'creator');
  simulator.addBot(GROUP.id, ADA.id, 'administrator');
  simulator.upsertUser(BO);
  simulator.addMember(GROUP.id, BO.id);
  const updates = await bot.api.getUpdates({ timeout: 0 });
  t.same(updates.map((update) => Object.keys(update).filter((key) => key !== 'update_id')[0]), ['my_chat_member']);
});

t.test('the bot answers in a group it is in, /cmd@botname included, and leaveChat takes it out', async (t) => {
  const simulator = await aSimulator(t);
  const bot = aBot(simulator);
  bot.command('help', (ctx) => ctx.reply(`Help for ${ctx.chat.type}`));
  bot.command('bye', (ctx) => ctx.leaveChat());
  runBot(t, bot);
  simulator.upsertUser(ADA);
  simulator.createGroup(GROUP);
  simulator.addMember(GROUP.id, ADA.id);
  t.throws(() => simulator.sendText(ADA.id, '/help', { chatId: GROUP.id }), /The bot is not in group -1001/);
  simulator.addBot(GROUP.id, ADA.id);

  const help = simulator.sendText(ADA.id, '/help@simulated_bot', { chatId: GROUP.id });
  t.same(help.message?.entities, [{ type: 'bot_command', offset: 0, length: 19 }]);
  const [reply] = await simulator.waitForBotMessages(GROUP.id, { afterMessageId: help.message!.message_id });
  t.equal(reply!.text, 'Help for supergroup');

  simulator.sendText(ADA.id, '/bye', { chatId: GROUP.id });
  await until(() => simulator.listGroups()[0]!.botStatus === 'left', 'the bot to leave');
  t.match(await failure(bot.api.sendMessage(GROUP.id, 'still here?')), { error_code: 403, description: 'Forbidden: bot is not a member of the supergroup chat' });
  t.throws(() => simulator.sendText(ADA.id, 'hello', { chatId: GROUP.id }), /add the bot to the group first/);
  t.throws(() => simulator.sendText(BO.id, 'hello'), /Unknown user 43/);
});

t.test('locations and venues arrive as Telegram sends them', async (t) => {
  const simulator = await aSimulator(t);
  const bot = aBot(simulator);
  const seen: unknown[] = [];
  bot.on('message:location', (ctx) => void seen.push({ location: ctx.message.location, venue: ctx.message.venue }));
  runBot(t, bot);
  simulator.upsertUser(ADA);
  simulator.sendLocation(ADA.id, { latitude: 59.91, longitude: 10.75, live_period: 900 });
  simulator.sendVenue(ADA.id, { latitude: 60.39, longitude: 5.32, title: 'Bryggen', address: 'Bergen' });
  await until(() => seen.length === 2, 'the bot to see both updates');
  t.same(seen, [
    { location: { latitude: 59.91, longitude: 10.75, live_period: 900 }, venue: undefined },
    { location: { latitude: 60.39, longitude: 5.32 }, venue: { location: { latitude: 60.39, longitude: 5.32 }, title: 'Bryggen', address: 'Bergen' } },
  ]);
  t.throws(() => simulator.sendLocation(ADA.id, { latitude: 91, longitude: 0 }), /only real coordinates/);
});

t.test('a chat keeps its last 200 messages, numbered on from the ones it forgot', async (t) => {
  const simulator = await aSimulator(t);
  simulator.upsertUser(ADA);
  for (let index = 1; index <= MAX_HISTORY + 50; index++) simulator.sendText(ADA.id, `message ${index}`);
  const history = simulator.messages(ADA.id);
  t.equal(history.length, MAX_HISTORY);
  t.match(history[0], { message_id: 51, text: 'message 51' });
  t.match(history.at(-1), { message_id: 250, text: 'message 250' });
});

t.test('a raw update, even a malformed one, reaches the bot as given', async (t) => {
  const simulator = await aSimulator(t);
  const bot = aBot(simulator);
  const seen: unknown[] = [];
  bot.use((ctx) => void seen.push(ctx.update));
  runBot(t, bot);
  const { update_id } = simulator.sendUpdate({ update_id: 1, message: { message_id: 1, text: 'no chat, no sender' } });
  await until(() => seen.length === 1, 'the bot to see the raw update');
  t.same(seen, [{ update_id, message: { message_id: 1, text: 'no chat, no sender' } }]);
});

t.test('429 above the rate limit, with retry_after, as a GrammyError', async (t) => {
  const clock = createTestClock();
  const simulator = await aSimulator(t, { now: clock.now });
  const bot = aBot(simulator);
  simulator.upsertUser(ADA);
  simulator.setRateLimit(2);

  await bot.api.sendMessage(ADA.id, 'one');
  await bot.api.sendMessage(ADA.id, 'two');
  const error = await failure(bot.api.sendMessage(ADA.id, 'three'));
  t.ok(error instanceof GrammyError);
  t.match(error, { error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } });

  const { calls, sendMessageTimestamps } = simulator.stats();
  t.equal(calls.sendMessage, 3, 'every call is counted');
  t.equal(sendMessageTimestamps.length, 2, 'only accepted sends are stamped');
  t.same(sendMessageTimestamps, [clock.now().getTime(), clock.now().getTime()], 'by the simulator\'s clock');
  clock.advance(999);
  t.match(await failure(bot.api.sendMessage(ADA.id, 'three')), { error_code: 429 }, 'the window is still full a moment before it ends');
  clock.advance(1);
  await bot.api.sendMessage(ADA.id, 'three, later');
  simulator.setRateLimit(null);
  await bot.api.sendMessage(ADA.id, 'four');
  await bot.api.sendMessage(ADA.id, 'five');
  t.equal(simulator.botMessagesSince(ADA.id, 0).length, 5);
});

t.test('403 for a user who blocked the bot or deleted their account', async (t) => {
  const simulator = await aSimulator(t);
  const bot = aBot(simulator);
  simulator.upsertUser(ADA);
  simulator.upsertUser(BO);

  simulator.blockBot(ADA.id);
  t.match(await failure(bot.api.sendMessage(ADA.id, 'hi')), { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
  t.match(await failure(bot.api.sendChatAction(ADA.id, 'typing')), { error_code: 403 });
  simulator.unblockBot(ADA.id);
  await bot.api.sendMessage(ADA.id, 'hi again');
  simulator.deactivateUser(BO.id);
  t.match(await failure(bot.api.sendMessage(BO.id, 'hi')), { error_code: 403, description: 'Forbidden: user is deactivated' });

  const updates = await bot.api.getUpdates({ timeout: 0 });
  t.same(
    updates.map((u) => u.my_chat_member && `${u.my_chat_member.chat.type} ${u.my_chat_member.old_chat_member.status}->${u.my_chat_member.new_chat_member.status}`),
    ['private member->kicked', 'private kicked->member'],
    'blocking and unblocking tell the bot, as Telegram does',
  );
});

t.test('texts Telegram refuses', async (t) => {
  const simulator = await aSimulator(t);
  const bot = aBot(simulator);
  simulator.upsertUser(ADA);
  const refuses = (text: string, description: string, parse_mode: 'HTML' | undefined = 'HTML') =>
    failure(bot.api.sendMessage(ADA.id, text, parse_mode ? { parse_mode } : {})).then((error) => t.match(error, { error_code: 400, description }, description));

  await refuses('<b>bold', `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "b"`);
  await refuses('1 < 2', `Bad Request: can't parse entities: Unsupported start tag "" at byte offset 2`);
  await refuses('x'.repeat(4097), 'Bad Request: message is too long', undefined);
  await refuses('   ', 'Bad Request: message text is empty', undefined);
  await refuses('<b></b>', 'Bad Request: message text is empty');
  t.match(await failure(bot.api.sendMessage(ADA.id, '*hi*', { parse_mode: 'MarkdownV2' })), { description: 'Bad Request: unsupported parse_mode' });
  t.match(await failure(bot.api.sendMessage(999, 'hi')), { error_code: 400, description: 'Bad Request: chat not found' });
  t.match(await failure(bot.api.sendMessage(ADA.id, 'hi', { reply_markup: new InlineKeyboard().text('x', 'y'.repeat(65)) })), { description: 'Bad Request: BUTTON_DATA_INVALID' });
  t.match(await failure(bot.api.sendMessage(ADA.id, 'hi', { reply_parameters: { message_id: 99 } })), { description: 'Bad Request: message to be replied not found' });

  const long = await bot.api.sendMessage(ADA.id, `<b>${'x'.repeat(4096)}</b>`, { parse_mode: 'HTML' });
  t.equal(long.text.length, 4096, 'the limit counts the text after entity parsing');
  t.equal(simulator.messages(ADA.id).length, 1, 'refused texts leave no message');
});

t.test('a wrong token is Unauthorized, an unknown method Not Found, injected failures pass once', async (t) => {
  const simulator = await aSimulator(t);
  const wrong = new Bot('123456:WRONG', { client: { apiRoot: simulator.apiRoot } });
  t.match(await failure(wrong.api.getMe()), { error_code: 401, description: 'Unauthorized' });
  const bot = aBot(simulator);
  t.match(await failure(bot.api.raw.sendDice({ chat_id: 1 })), { error_code: 404, description: 'Not Found' });

  simulator.upsertUser(ADA);
  simulator.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' }, 2);
  t.match(await failure(bot.api.sendMessage(ADA.id, 'a')), { error_code: 502, description: 'Bad Gateway' });
  t.match(await failure(bot.api.sendMessage(ADA.id, 'a')), { error_code: 502 });
  await bot.api.sendMessage(ADA.id, 'a');
  t.match(await bot.api.getMe(), { id: 123456, is_bot: true, username: 'simulated_bot', can_join_groups: true });
});

t.test('edits, commands, webhooks and chats answer like Telegram', async (t) => {
  const simulator = await aSimulator(t);
  const bot = aBot(simulator);
  simulator.upsertUser(ADA);
  simulator.createGroup({ id: -5, title: 'Small', type: 'group' });

  const sent = await bot.api.sendMessage(ADA.id, 'Hello', { reply_markup: new InlineKeyboard().text('A', 'a') });
  t.match(await failure(bot.api.editMessageText(ADA.id, sent.message_id, 'Hello', { reply_markup: new InlineKeyboard().text('A', 'a') })), {
    description: /^Bad Request: message is not modified/,
  });
  const edited = await bot.api.editMessageReplyMarkup(ADA.id, sent.message_id, { reply_markup: new InlineKeyboard().text('B', 'b') });
  t.ok(edited !== true && edited.edit_date);
  t.match(await failure(bot.api.editMessageText(ADA.id, 99, 'x')), { description: 'Bad Request: message to edit not found' });
  const user = simulator.sendText(ADA.id, 'mine');
  t.match(await failure(bot.api.editMessageText(ADA.id, user.message!.message_id, 'x')), { description: "Bad Request: message can't be edited" });
  const reply = await bot.api.sendMessage(ADA.id, 'Re', { reply_parameters: { message_id: user.message!.message_id } });
  t.equal(reply.reply_to_message?.text, 'mine');
  t.match(await failure(bot.api.answerCallbackQuery('nope')), { description: 'Bad Request: query is too old and response timeout expired or query ID is invalid' });

  await bot.api.setMyCommands([{ command: 'start', description: 'Start' }, { command: 'help', description: 'Help' }]);
  t.same(await bot.api.getMyCommands(), [{ command: 'start', description: 'Start' }, { command: 'help', description: 'Help' }]);
  t.same(await bot.api.getMyCommands({ language_code: 'de' }), []);
  t.match(await failure(bot.api.setMyCommands([{ command: 'Bad-Name', description: 'x' }])), { description: 'Bad Request: BOT_COMMAND_INVALID' });

  // Nothing listens there: the update stays pending, and no test reaches out to the internet.
  simulator.forwardWebhookTo('http://127.0.0.1:9');
  await bot.api.setWebhook('https://example.org/hook');
  t.match(await bot.api.getWebhookInfo(), { url: 'https://example.org/hook', pending_update_count: 1 });
  t.match(await failure(bot.api.getUpdates()), { error_code: 409 });
  await bot.api.deleteWebhook({ drop_pending_updates: true });
  t.same(await bot.api.getUpdates({ timeout: 0 }), [], 'pending updates were dropped');

  t.match(await bot.api.getChat(-5), { id: -5, type: 'group', title: 'Small' });
  t.match(await bot.api.getChat(ADA.id), { id: 42, type: 'private', first_name: 'Ada' });
  t.match(await failure(bot.api.sendMessage(-5, 'hi')), { error_code: 403, description: 'Forbidden: bot is not a member of the group chat' });
  t.match(await failure(bot.api.leaveChat(-5)), { error_code: 403 });
});

t.test('reset forgets everything but keeps update ids rising, so a polling bot still sees new updates', async (t) => {
  const simulator = await aSimulator(t);
  simulator.upsertUser(ADA);
  const first = simulator.sendText(ADA.id, 'one');
  simulator.setRateLimit(1);
  simulator.reset();
  t.same([simulator.listUsers(), simulator.listGroups(), simulator.messages(ADA.id), simulator.stats()], [[], [], [], { calls: {}, sendMessageTimestamps: [] }]);
  simulator.upsertUser(ADA);
  t.ok(simulator.sendText(ADA.id, 'two').update_id > first.update_id);
  const bot = aBot(simulator);
  await bot.api.sendMessage(ADA.id, 'a');
  await bot.api.sendMessage(ADA.id, 'b');
});

/** The error a call is refused with (a GrammyError for Bot API refusals). */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to be refused');
}
