import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';

/** What grammY's API client passes to `fetch`: a method, headers, a JSON text or a multipart stream, and a signal. */
interface BotApiRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Readable;
  signal?: { aborted: boolean; addEventListener(type: 'abort', listener: () => void): void; removeEventListener(type: 'abort', listener: () => void): void };
}

/** The part of a fetch response grammY reads. */
interface BotApiResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
  text(): Promise<string>;
}

/** Connections kept open to the Bot API: plenty for Telegram's 30 messages a second, and no more sockets opened and closed under load. */
const MAX_SOCKETS = 128;
/**
 * How long a connection waits unused before it is closed here: a call on a connection the server has
 * just closed fails ("socket hang up") and its answer is lost. Telegram forgets idle connections after
 * minutes (yagop/node-telegram-bot-api#868). Node's agent reads a server's own `Keep-Alive: timeout=`
 * (the simulator's 5 s) only when this is set, and then closes a second before it.
 */
const IDLE_CONNECTION_MS = 30_000;

function abortError(): Error {
  const error = new Error('The Bot API request was aborted');
  error.name = 'AbortError';
  return error;
}

/**
 * A `fetch` for grammY's API client (its `client.fetch` option) over Node's own HTTP client. grammY's
 * default, node-fetch, builds a Request, Headers, a Body and a pass-through stream per call; for a bot
 * whose every answer is one call, that was a tenth of its work. This reads the whole (small, JSON)
 * answer and keeps connections alive, at most `MAX_SOCKETS` of them per Bot API server, none past its idle time.
 */
export function createBotApiFetch() {
  const options = { keepAlive: true, maxSockets: MAX_SOCKETS, maxFreeSockets: MAX_SOCKETS, timeout: IDLE_CONNECTION_MS };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };

  return function botApiFetch(url: string, init: BotApiRequestInit = {}): Promise<BotApiResponse> {
    return new Promise((resolve, reject) => {
      const { signal } = init;
      if (signal?.aborted) return reject(abortError());
      const secure = url.startsWith('https:');
      const request = (secure ? https : http).request(url, { method: init.method ?? 'GET', headers: init.headers, agent: secure ? agents.https : agents.http });
      const onAbort = () => request.destroy(abortError());
      signal?.addEventListener('abort', onAbort);
      const settle = () => signal?.removeEventListener('abort', onAbort);
      request.on('error', (error) => {
        settle();
        reject(error);
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => {
          settle();
          reject(error);
        });
        response.on('end', () => {
          settle();
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(text) as unknown, text: async () => text });
        });
      });
      if (init.body instanceof Readable) init.body.pipe(request);
      else request.end(init.body);
    });
  };
}
