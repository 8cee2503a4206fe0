import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import type { Message, Update } from 'grammy/types';
import { createTelegramSimulator, type TelegramSimulator } from '../../bot/simulator/index.js';
import { until } from '../helpers/wait.js';

const ADA = { id: 42, first_name: 'Ada' };

async function aSimulator(t: Test) {
  const simulator = await createTelegramSimulator();
  t.teardown(() => simulator.close());
  simulator.upsertUser(ADA);
  return simulator;
}

/** Calls a Bot API method over HTTP with a JSON body, as grammY does. */
async function callApi<Result = unknown>(simulator: TelegramSimulator, method: string, params: Record<string, unknown> = {}, token = simulator.token) {
  const response = await fetch(`${simulator.apiRoot}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return { status: response.status, body: (await response.json()) as { ok: boolean; result: Result; description?: string } };
}

/** Calls the control API over HTTP, as another process would. */
async function control(simulator: TelegramSimulator, method: string, path: string, body?: unknown) {
  const response = await fetch(`${simulator.apiRoot}/control${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

const updateIds = (answer: { body: { result: Update[] } }) => answer.body.result.map((update) => update.update_id);

/** Resolves once the simulator holds `count` long polls open. */
const untilHeldOpen = (simulator: TelegramSimulator, count = 1) =>
  until(() => simulator.pollsWaiting() === count, `${count} long polls held open`);

t.test('getUpdates holds the poll open until an update arrives', async (t) => {
  const simulator = await aSimulator(t);
  // Far longer than tap lets a test run: an answer only at the timeout fails the test.
  const poll = callApi<Update[]>(simulator, 'getUpdates', { timeout: 3600 });
  await untilHeldOpen(simulator);
  const { update_id } = simulator.sendText(ADA.id, 'hello');
  const answer = await poll;
  t.equal(answer.status, 200);
  t.match(answer.body, { ok: true, result: [{ update_id, message: { text: 'hello', chat: { id: 42, type: 'private' } } }] });
});

t.test('getUpdates answers an empty list once the timeout passes', async (t) => {
  const simulator = await aSimulator(t);
  const answer = await callApi<Update[]>(simulator, 'getUpdates', { timeout: 0.2 });
  t.same(answer.body, { ok: true, result: [] });
});

t.test('offset confirms updates, limit caps a batch, a negative offset keeps the newest', async (t) => {
  const simulator = await aSimulator(t);
  const ids = [1, 2, 3, 4, 5].map((n) => simulator.sendText(ADA.id, `m${n}`).update_id);
  t.same(updateIds(await callApi<Update[]>(simulator, 'getUpdates', { limit: 2 })), ids.slice(0, 2));
  t.same(updateIds(await callApi<Update[]>(simulator, 'getUpdates', { offset: ids[3], limit: 1 })), [ids[3]], 'the third was confirmed by the offset');
  simulator.sendText(ADA.id, 'm6');
  const last = simulator.sendText(ADA.id, 'm7').update_id;
  t.same(updateIds(await callApi<Update[]>(simulator, 'getUpdates', { offset: -1 })), [last]);
  t.equal(simulator.stats().calls.getUpdates, 3);
});

t.test('concurrent pollers never get the same update', async (t) => {
  const simulator = await aSimulator(t);
  const received: number[] = [];
  let done = false;
  const poller = async () => {
    let offset = 0;
    while (!done) {
      const answer = await callApi<Update[]>(simulator, 'getUpdates', { offset, timeout: 0.2 });
      const ids = updateIds(answer);
      received.push(...ids);
      if (ids.length > 0) offset = ids.at(-1)! + 1;
    }
  };
  const pollers = [poller(), poller(), poller()];
  const sent: number[] = [];
  for (let n = 0; n < 60; n++) {
    sent.push(simulator.sendText(ADA.id, `burst ${n}`).update_id);
    if (n % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await until(() => received.length >= sent.length, 'every update handed out');
  done = true;
  await Promise.all(pollers);
  t.equal(new Set(received).size, received.length, 'no update was handed out twice');
  t.same([...received].sort((a, b) => a - b), sent, 'every update was handed out');
});

t.test('a poller that hangs up does not swallow the update', async (t) => {
  const simulator = await aSimulator(t);
  const aborted = new AbortController();
  const gone = fetch(`${simulator.apiRoot}/bot${simulator.token}/getUpdates?timeout=5`, { signal: aborted.signal }).catch(() => 'aborted');
  await untilHeldOpen(simulator);
  aborted.abort();
  t.equal(await gone, 'aborted');
  await untilHeldOpen(simulator, 0);
  const { update_id } = simulator.sendText(ADA.id, 'for whoever polls next');
  t.same(updateIds(await callApi<Update[]>(simulator, 'getUpdates', { timeout: 1 })), [update_id]);
});

t.test('close ends pending polls', async (t) => {
  const simulator = await createTelegramSimulator();
  const poll = callApi<Update[]>(simulator, 'getUpdates', { timeout: 30 });
  await untilHeldOpen(simulator);
  await simulator.close();
  t.same((await poll).body, { ok: true, result: [] });
});

t.test("error shapes are Telegram's", async (t) => {
  const simulator = await aSimulator(t);
  t.same(await callApi(simulator, 'getMe', {}, '123456:WRONG'), { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
  t.same(await callApi(simulator, 'sendSticker'), { status: 404, body: { ok: false, error_code: 404, description: 'Not Found' } });
  t.same((await fetch(`${simulator.apiRoot}/nowhere`)).status, 404);
  t.same(await callApi(simulator, 'sendMessage', { text: 'no chat' }), { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat_id is empty' } });
  simulator.setRateLimit(1);
  await callApi(simulator, 'sendMessage', { chat_id: 42, text: 'one' });
  t.same(await callApi(simulator, 'sendMessage', { chat_id: 42, text: 'two' }), {
    status: 429,
    body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } },
  });
  const bad = await fetch(`${simulator.apiRoot}/bot${simulator.token}/getMe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
  t.same(await bad.json(), { ok: false, error_code: 400, description: "Bad Request: can't parse JSON" });
  const multipart = await fetch(`${simulator.apiRoot}/bot${simulator.token}/getMe`, { method: 'POST', body: new FormData() });
  t.equal(multipart.status, 400);
});

t.test('parameters may come as a query string or a form, with JSON objects inside', async (t) => {
  const simulator = await aSimulator(t);
  const markup = JSON.stringify({ inline_keyboard: [[{ text: 'Go', callback_data: 'go' }]] });
  const query = new URLSearchParams({ chat_id: '42', text: 'from a query', reply_markup: markup });
  const viaQuery = await (await fetch(`${simulator.apiRoot}/bot${simulator.token}/sendMessage?${query}`)).json();
  t.match(viaQuery, { ok: true, result: { text: 'from a query', reply_markup: { inline_keyboard: [[{ callback_data: 'go' }]] } } });
  const form = new URLSearchParams({ chat_id: '42', text: '<i>from a form</i>', parse_mode: 'HTML', reply_markup: '{not json' });
  const viaForm = await (await fetch(`${simulator.apiRoot}/bot${simulator.token}/sendmessage`, { method: 'POST', body: form })).json();
  t.same(viaForm, { ok: false, error_code: 400, description: "Bad Request: can't parse reply keyboard markup JSON object" });
  form.delete('reply_markup');
  const ok = await (await fetch(`${simulator.apiRoot}/bot${simulator.token}/sendmessage`, { method: 'POST', body: form })).json();
  t.match(ok, { ok: true, result: { text: 'from a form', entities: [{ type: 'italic', offset: 0, length: 11 }] } });
});

t.test('the control API drives the simulator over HTTP', async (t) => {
  const simulator = await aSimulator(t);
  const token = simulator.token;

  t.match(await control(simulator, 'GET', '/bot'), { status: 200, body: { id: 123456, username: 'simulated_bot' } });
  t.match(await control(simulator, 'POST', '/users', { id: 7, first_name: 'Cy', username: 'cy' }), { status: 200, body: { id: 7, blockedBot: false } });
  t.match(await control(simulator, 'GET', '/users'), { body: [{ id: 42 }, { id: 7, username: 'cy' }] });
  t.match(await control(simulator, 'POST', '/groups', { id: -200, title: 'Ward', type: 'group' }), { status: 200, body: { id: -200, botStatus: 'left', members: [] } });
  await control(simulator, 'POST', '/groups/-200/members', { userId: 7, status: 'creator' });
  t.match(await control(simulator, 'POST', '/groups/-200/bot', { byUserId: 7, status: 'administrator' }), { body: { update_id: Number } });
  t.match(await control(simulator, 'POST', '/groups/-200/members', { userId: 42 }), { body: { update_id: Number } });
  t.match(await control(simulator, 'GET', '/groups'), { body: [{ id: -200, botStatus: 'administrator', members: [{ userId: 7, status: 'creator' }, { userId: 42, status: 'member' }] }] });
  t.match(await control(simulator, 'DELETE', '/groups/-200/members/42'), { body: { update_id: Number } });

  const text = await control(simulator, 'POST', '/messages', { userId: 7, chatId: -200, text: '/start' });
  t.match(text, { status: 200, body: { update_id: Number, message: { message_id: 1, chat_id: -200, text: '/start' } } });
  t.match(await control(simulator, 'POST', '/messages', { userId: 7, location: { latitude: 1, longitude: 2, live_period: 60 } }), { body: { message: { location: { live_period: 60 } } } });
  t.match(await control(simulator, 'POST', '/messages', { userId: 7, venue: { latitude: 1, longitude: 2, title: 'T', address: 'A' } }), { body: { message: { venue: { title: 'T' } } } });
  t.match(await control(simulator, 'POST', '/messages', { userId: 7 }), { status: 400, body: { error: 'A message needs "text", "location" or "venue"' } });
  t.match(await control(simulator, 'POST', '/messages', { userId: 99, text: 'hi' }), { status: 400, body: { error: /Unknown user 99/ } });
  t.match(await control(simulator, 'POST', '/updates', { edited_message: { text: 'odd' } }), { body: { update_id: Number } });

  // The bot answers in the group; another process waits for the reply over HTTP.
  const waiting = control(simulator, 'GET', '/chats/-200/bot-messages?afterMessageId=1&count=1&timeoutMs=2000');
  const sent = await callApi<Message>(simulator, 'sendMessage', { chat_id: -200, text: 'Hi', reply_markup: { inline_keyboard: [[{ text: 'OK', callback_data: 'ok' }]] } });
  t.match(await waiting, { status: 200, body: [{ message_id: 2, text: 'Hi' }] });
  t.match(await control(simulator, 'GET', '/chats/-200/bot-messages?afterMessageId=0'), { body: [{ message_id: 2 }] });
  t.match(await control(simulator, 'GET', '/chats/-200/bot-messages?afterMessageId=2&count=1&timeoutMs=20'), { status: 400, body: { error: /Timed out after 20 ms waiting for 1 bot message/ } });
  t.match(await control(simulator, 'GET', '/chats/-200/messages'), { body: [{ message_id: 1 }, { message_id: 2 }] });

  const press = await control(simulator, 'POST', '/callbacks', { userId: 7, chatId: -200, messageId: sent.body.result.message_id, data: 'ok' });
  t.match(press, { status: 200, body: { update_id: Number } });
  const updates = (await callApi<Update[]>(simulator, 'getUpdates', { allowed_updates: ['message', 'callback_query', 'chat_member', 'my_chat_member', 'edited_message'] })).body.result;
  const query = updates.find((update) => update.callback_query)!.callback_query!;
  t.match(query, { from: { id: 7 }, data: 'ok', message: { message_id: 2, chat: { id: -200 } } });
  t.same(await callApi(simulator, 'answerCallbackQuery', { callback_query_id: query.id }), { status: 200, body: { ok: true, result: true } });
  t.same(updates.map((update) => Object.keys(update).find((key) => key !== 'update_id')), [
    'my_chat_member', 'chat_member', 'chat_member', 'message', 'message', 'message', 'edited_message', 'callback_query',
  ]);

  await control(simulator, 'POST', '/users/7/block');
  t.match(await callApi(simulator, 'sendMessage', { chat_id: 7, text: 'x' }), { status: 403 });
  await control(simulator, 'DELETE', '/users/7/block');
  await control(simulator, 'POST', '/users/42/deactivate');
  t.match(await callApi(simulator, 'sendMessage', { chat_id: 42, text: 'x' }), { body: { description: 'Forbidden: user is deactivated' } });

  t.same(await control(simulator, 'PUT', '/rate-limit', { perSecond: 0 }), { status: 400, body: { error: 'The rate limit is a positive whole number of messages per second or null, got 0' } });
  await control(simulator, 'PUT', '/rate-limit', { perSecond: null });
  await control(simulator, 'POST', '/failures', { method: 'getMe', error_code: 500, description: 'Internal Server Error', times: 1 });
  t.same(await callApi(simulator, 'getMe'), { status: 500, body: { ok: false, error_code: 500, description: 'Internal Server Error' } });
  t.match(await control(simulator, 'POST', '/failures', { error_code: 500 }), { status: 400 });
  t.match(await control(simulator, 'GET', '/stats'), { body: { calls: { sendMessage: 3, getMe: 1 }, sendMessageTimestamps: [Number] } });

  t.match(await control(simulator, 'DELETE', '/groups/-200/bot?byUserId=7'), { body: { update_id: Number } });
  t.match(await control(simulator, 'GET', '/nothing'), { status: 404, body: { error: 'No control route for GET /control/nothing' } });
  t.match(await control(simulator, 'PATCH', '/users'), { status: 405, body: { error: '/control/users takes GET, POST, not PATCH' } });
  t.match(await control(simulator, 'POST', '/updates', [1]), { status: 400 });
  const notJson = await fetch(`${simulator.apiRoot}/control/users`, { method: 'POST', body: '{' });
  t.equal(notJson.status, 400);
  t.same(await control(simulator, 'POST', '/reset'), { status: 200, body: null });
  t.same(simulator.listUsers(), []);
  t.equal(token, simulator.token);
});

t.test('with a webhook set, updates are posted to it with the secret token, in order, again until accepted', async (t) => {
  const simulator = await aSimulator(t);
  const posts: { path: string; headers: IncomingHttpHeaders; update: Update }[] = [];
  let refuseNext = 1;
  const webhook = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      posts.push({ path: request.url!, headers: request.headers, update: JSON.parse(body) as Update });
      response.statusCode = refuseNext-- > 0 ? 502 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => webhook.close(() => resolve())));
  simulator.forwardWebhookTo(`http://127.0.0.1:${(webhook.address() as AddressInfo).port}`);

  t.match(await callApi(simulator, 'setWebhook', { url: 'http://bot.example.com/hook' }), {
    status: 400,
    body: { description: 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook' },
  });
  t.match(await callApi(simulator, 'setWebhook', { url: 'https://bot.example.com/hook', secret_token: 'not allowed!' }), {
    status: 400,
    body: { description: 'Bad Request: secret token contains unallowed characters' },
  });
  t.same(await callApi(simulator, 'setWebhook', { url: 'https://bot.example.com/hook?x=1', secret_token: 'Sec_ret-1', allowed_updates: ['message'] }), {
    status: 200,
    body: { ok: true, result: true },
  });
  t.same(simulator.webhook, { url: 'https://bot.example.com/hook?x=1', secretToken: 'Sec_ret-1' });
  const first = simulator.sendText(ADA.id, 'one').update_id;
  const second = simulator.sendText(ADA.id, 'two').update_id;
  await until(() => posts.length >= 3, 'three webhook posts');

  t.same(posts.map((post) => post.update.update_id), [first, first, second], 'the refused post is made again before the next update');
  t.same(posts.map((post) => post.path), ['/hook?x=1', '/hook?x=1', '/hook?x=1'], "to the webhook URL's path");
  t.same(posts.map((post) => post.headers['x-telegram-bot-api-secret-token']), ['Sec_ret-1', 'Sec_ret-1', 'Sec_ret-1']);
  t.equal(posts[0]!.headers['content-type'], 'application/json');
  t.match(posts[2]!.update, { message: { text: 'two', chat: { id: ADA.id } } });
  t.match(await callApi(simulator, 'getWebhookInfo'), {
    body: { result: { url: 'https://bot.example.com/hook?x=1', pending_update_count: 0, last_error_message: 'Wrong response from the webhook: 502 Bad Gateway' } },
  });
  t.match(await callApi(simulator, 'getUpdates'), { status: 409 }, 'no long polling while the webhook is set');

  t.same(await callApi(simulator, 'deleteWebhook'), { status: 200, body: { ok: true, result: true } });
  t.equal(simulator.webhook, undefined);
  const third = simulator.sendText(ADA.id, 'three').update_id;
  t.same(updateIds(await callApi<Update[]>(simulator, 'getUpdates', { timeout: 1 })), [third], 'after deleteWebhook, updates wait for getUpdates');
  t.equal(posts.length, 3, 'and are not posted');
});

t.test('inline queries, the bot profile and reply keyboards through the control API and the Bot API', async (t) => {
  const simulator = await aSimulator(t);
  const sent = await control(simulator, 'POST', '/inline-queries', { userId: ADA.id, query: 'dentist', location: { latitude: 45.76, longitude: 4.83 } });
  t.equal(sent.status, 200);
  const { inline_query_id: queryId } = sent.body as { inline_query_id: string };
  const [update] = (await callApi<Update[]>(simulator, 'getUpdates')).body.result;
  t.match(update, { inline_query: { id: queryId, from: { id: ADA.id }, query: 'dentist', chat_type: 'sender', location: { latitude: 45.76, longitude: 4.83 } } });
  t.same((await control(simulator, 'GET', `/inline-queries/${queryId}`)).body, null, 'not answered yet');

  const article = { type: 'article', id: '7', title: 'Dr Ada', input_message_content: { message_text: '<b>Dr Ada</b>', parse_mode: 'HTML' } };
  t.match(await callApi(simulator, 'answerInlineQuery', { inline_query_id: queryId, results: [article, article] }), { status: 400, body: { description: 'Bad Request: RESULT_ID_DUPLICATE' } });
  t.match(await callApi(simulator, 'answerInlineQuery', { inline_query_id: queryId, results: [article], cache_time: 0, is_personal: true }), { status: 200 });
  t.same((await control(simulator, 'GET', `/inline-queries/${queryId}`)).body, { results: [article], cache_time: 0, is_personal: true });
  t.match(await callApi(simulator, 'answerInlineQuery', { inline_query_id: queryId, results: [] }), { status: 400 }, 'answered once');

  await callApi(simulator, 'setMyDescription', { description: 'Finds doctors', language_code: 'en' });
  await callApi(simulator, 'setMyShortDescription', { short_description: 'Doctors near you' });
  await callApi(simulator, 'setChatMenuButton', { menu_button: { type: 'web_app', text: '🗺 Map', web_app: { url: 'https://example.org/app/' } } });
  t.match(await callApi(simulator, 'setChatMenuButton', { menu_button: { type: 'web_app', text: 'Map', web_app: { url: 'http://example.org/app/' } } }), { status: 400 }, 'https only');
  t.same((await control(simulator, 'GET', '/profile?languageCode=en')).body, {
    description: 'Finds doctors',
    shortDescription: 'Doctors near you',
    menuButton: { type: 'web_app', text: '🗺 Map', web_app: { url: 'https://example.org/app/' } },
  });
  t.match((await callApi(simulator, 'getMyDescription', { language_code: 'en' })).body, { result: { description: 'Finds doctors' } });

  const keyboard = { keyboard: [[{ text: '📍 Share my location', request_location: true }]], resize_keyboard: true };
  await callApi(simulator, 'sendMessage', { chat_id: ADA.id, text: 'Hello', reply_markup: keyboard });
  t.same((await control(simulator, 'GET', `/chats/${ADA.id}/reply-keyboard`)).body, keyboard);
  await callApi(simulator, 'sendMessage', { chat_id: ADA.id, text: 'Bye', reply_markup: { remove_keyboard: true } });
  t.same((await control(simulator, 'GET', `/chats/${ADA.id}/reply-keyboard`)).body, null, 'taken away');

  simulator.createGroup({ id: -100, title: 'Group', type: 'supergroup' });
  simulator.addMember(-100, ADA.id, 'creator');
  simulator.addBot(-100, ADA.id);
  const webApp = { inline_keyboard: [[{ text: '🗺 Map', web_app: { url: 'https://example.org/app/' } }]] };
  t.match(await callApi(simulator, 'sendMessage', { chat_id: ADA.id, text: 'Map', reply_markup: webApp }), { status: 200 });
  t.match(await callApi(simulator, 'sendMessage', { chat_id: -100, text: 'Map', reply_markup: webApp }), { status: 400, body: { description: 'Bad Request: BUTTON_TYPE_INVALID' } }, 'web_app buttons in private chats only');
});

t.test('a chosen inline result is posted as the user "via @bot"; chosen_inline_result reaches only a bot that asked for it', async (t) => {
  const choose = async (allowed: string[]) => {
    const simulator = await aSimulator(t);
    const query = await control(simulator, 'POST', '/inline-queries', { userId: ADA.id, query: 'dentist', location: { latitude: 45.764, longitude: 4.8357 } });
    const [update] = (await callApi<Update[]>(simulator, 'getUpdates', { allowed_updates: allowed })).body.result;
    const inlineQueryId = update!.inline_query!.id;
    t.match(await control(simulator, 'POST', `/inline-queries/${inlineQueryId}/choice`, { userId: ADA.id, resultId: 'a' }), {
      status: 400,
      body: { error: `The bot has not answered inline query ${inlineQueryId}: there is nothing to choose` },
    });
    const article = { type: 'article', id: 'a', title: 'Dentist one', input_message_content: { message_text: '<b>Dentist one</b> · Dentistry', parse_mode: 'HTML' } };
    await callApi(simulator, 'answerInlineQuery', { inline_query_id: inlineQueryId, results: [article] });
    t.match(await control(simulator, 'POST', `/inline-queries/${inlineQueryId}/choice`, { userId: ADA.id, resultId: 'zz' }), { status: 400, body: { error: `The bot's answer to inline query ${inlineQueryId} has no result 'zz'` } });
    const chosen = await control(simulator, 'POST', `/inline-queries/${inlineQueryId}/choice`, { userId: ADA.id, resultId: 'a' });
    t.match(chosen, { status: 200, body: { message: { chat_id: ADA.id, from: { id: ADA.id }, text: '<b>Dentist one</b> · Dentistry', parse_mode: 'HTML', via_bot: { username: 'simulated_bot' } } } });
    t.equal(query.status, 200);
    return (await callApi<Update[]>(simulator, 'getUpdates', { offset: update!.update_id + 1 })).body.result;
  };

  const asked = await choose(['message', 'inline_query', 'chosen_inline_result']);
  t.match(asked, [
    { message: { chat: { id: ADA.id }, text: 'Dentist one · Dentistry', entities: [{ type: 'bold', offset: 0, length: 11 }], via_bot: { username: 'simulated_bot', is_bot: true } } },
    { chosen_inline_result: { result_id: 'a', from: { id: ADA.id }, query: 'dentist', location: { latitude: 45.764, longitude: 4.8357 } } },
  ]);
  t.equal(asked.length, 2);
  const notAsked = await choose(['message', 'inline_query']);
  t.same(notAsked.map((update) => Object.keys(update).find((key) => key !== 'update_id')), ['message'], 'the choice is not reported to a bot that left it out');
});
