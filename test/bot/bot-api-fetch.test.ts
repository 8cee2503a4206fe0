import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { Api, GrammyError, HttpError, InputFile, type ApiClientOptions } from 'grammy';
import { createBotApiFetch } from '../../bot/bot-api-fetch.js';
import { until } from '../helpers/wait.js';

interface Received {
  method: string;
  contentType: string;
  body: string;
}

/** A Bot API server that records each call and answers it with `answer` (a getUpdates waits until its request is aborted). */
async function startServer(answer: (call: Received) => { status: number; body: unknown } | 'hang', keepAliveTimeoutMs?: number) {
  const received: Received[] = [];
  const connections = new Set<unknown>();
  /** Connections the client closed ('end' comes only when the client hangs up first: the server destroys its own). */
  const closedByClient = { count: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call = { method: request.url!.split('/').at(-1)!, contentType: request.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString('utf8') };
      received.push(call);
      const reply = answer(call);
      if (reply === 'hang') return;
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  if (keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = keepAliveTimeoutMs;
  server.on('connection', (socket) => {
    connections.add(socket);
    socket.on('end', () => closedByClient.count++);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    received,
    connections,
    closedByClient,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

type Signal = Parameters<Api['getUpdates']>[1];
const client = (apiRoot: string): ApiClientOptions => ({ apiRoot, fetch: createBotApiFetch() as unknown as NonNullable<ApiClientOptions['fetch']> });
const message = (text: string) => ({ message_id: 1, date: 0, chat: { id: 5, type: 'private', first_name: 'Ann' }, text });

t.test('a JSON call and its answer', async (t) => {
  const server = await startServer((call) => ({ status: 200, body: { ok: true, result: message(JSON.parse(call.body).text) } }));
  t.teardown(server.close);
  const api = new Api('token', client(server.apiRoot));
  const sent = await api.sendMessage(5, 'Привіт 👋', { reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] } });
  t.equal(sent.text, 'Привіт 👋');
  t.equal(server.received[0]!.method, 'sendMessage');
  t.match(server.received[0]!.contentType, 'application/json');
  t.same(JSON.parse(server.received[0]!.body), { chat_id: 5, text: 'Привіт 👋', reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] } });
});

t.test('a file goes up as multipart form data', async (t) => {
  const server = await startServer(() => ({ status: 200, body: { ok: true, result: message('') } }));
  t.teardown(server.close);
  const api = new Api('token', client(server.apiRoot));
  await api.sendDocument(5, new InputFile(Buffer.from('the report, line one'), 'report.txt'), { caption: 'Weekly' });
  const call = server.received[0]!;
  t.match(call.contentType, /^multipart\/form-data; boundary=/);
  t.match(call.body, 'the report, line one');
  t.match(call.body, /filename="?report\.txt/);
  t.match(call.body, 'Weekly');
});

t.test("Telegram's refusal is grammY's GrammyError, with its code and description", async (t) => {
  const server = await startServer(() => ({ status: 403, body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' } }));
  t.teardown(server.close);
  const api = new Api('token', client(server.apiRoot));
  const error = await api.sendMessage(5, 'hi').catch((caught: unknown) => caught);
  t.ok(error instanceof GrammyError);
  t.equal((error as GrammyError).error_code, 403);
  t.equal((error as GrammyError).description, 'Forbidden: bot was blocked by the user');
});

t.test('a server that cannot be reached is an HttpError, as with grammY’s own fetch', async (t) => {
  const server = await startServer(() => ({ status: 200, body: { ok: true, result: true } }));
  const { apiRoot } = server;
  server.close();
  const error = await new Api('token', client(apiRoot)).getMe().catch((caught: unknown) => caught);
  t.ok(error instanceof HttpError, String(error));
});

t.test('a call is given up when its signal aborts (the runner stopping a long poll)', async (t) => {
  const server = await startServer(() => 'hang');
  t.teardown(server.close);
  const api = new Api('token', client(server.apiRoot));
  const controller = new AbortController();
  const polling = api.getUpdates({ timeout: 30 }, controller.signal as unknown as Signal).catch((caught: unknown) => caught);
  await until(() => server.received.length > 0, 'the server to receive the long poll');
  controller.abort();
  // The server never answers: only the abort ends the call.
  const error = await polling;
  t.ok(error instanceof HttpError, String(error));
  const before = new AbortController();
  before.abort();
  t.ok((await api.getUpdates({ timeout: 30 }, before.signal as unknown as Signal).catch((caught: unknown) => caught)) instanceof HttpError, 'aborted before it started');
});

t.test('many calls at once share a bounded set of kept-alive connections', async (t) => {
  const server = await startServer(() => ({ status: 200, body: { ok: true, result: message('ok') } }));
  t.teardown(server.close);
  const api = new Api('token', client(server.apiRoot));
  const sent = await Promise.all(Array.from({ length: 500 }, (_, index) => api.sendMessage(5, `message ${index}`)));
  t.equal(sent.length, 500);
  t.equal(server.received.length, 500, 'each call made once');
  t.ok(server.connections.size <= 128, `${server.connections.size} connections for 500 calls`);
  await Promise.all(Array.from({ length: 200 }, (_, index) => api.sendMessage(5, `again ${index}`)));
  t.ok(server.connections.size <= 128, 'the same connections used again');
});

t.test('a connection is not used again once the server is about to close it', async (t) => {
  // The server says "Keep-Alive: timeout=2": its idle connections close after 2 s.
  const server = await startServer(() => ({ status: 200, body: { ok: true, result: message('ok') } }), 2000);
  t.teardown(server.close);
  const api = new Api('token', client(server.apiRoot));
  await api.sendMessage(5, 'first');
  await api.sendMessage(5, 'at once after it');
  t.equal(server.connections.size, 1, 'a connection just used is used again');
  await until(() => server.closedByClient.count === 1, 'the client to close the idle connection before the server does');
  await api.sendMessage(5, 'once it is closed');
  t.equal(server.connections.size, 2, 'a new connection');
  t.equal(server.received.length, 3, 'each call made once');
});
