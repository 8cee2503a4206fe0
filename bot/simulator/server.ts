import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiAnswer, ApiParams } from './bot-api.js';
import { badRequest, TelegramApiError } from './errors.js';

/** A control API request, with its JSON body parsed. */
export interface ControlRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What the HTTP layer hands requests to. */
export interface SimulatorHandlers {
  botApi: (token: string, method: string, params: ApiParams, signal: AbortSignal) => Promise<{ status: number; answer: ApiAnswer }>;
  control: (request: ControlRequest) => Promise<{ status: number; body: unknown }>;
}

/** The running HTTP server. */
export interface SimulatorServer {
  /** 'http://127.0.0.1:PORT', without a trailing slash as grammY's apiRoot requires. */
  url: string;
  close: () => Promise<void>;
}

const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Serves the Bot API at `/bot<token>/<method>` (JSON, urlencoded and query-string parameters, as Telegram
 * accepts them) and the control API under `/control/`, on 127.0.0.1 at a free port. Idle connections
 * close after Node's default keep-alive time unless `keepAliveTimeoutMs` says otherwise.
 */
export async function startSimulatorServer(handlers: SimulatorHandlers, options: { keepAliveTimeoutMs?: number } = {}): Promise<SimulatorServer> {
  const server = createServer((request, response) => {
    handle(handlers, request, response).catch((error: unknown) => {
      if (error instanceof TelegramApiError) return send(response, error.errorCode, error.toBody());
      console.error('Telegram simulator: unexpected error', error);
      send(response, 500, new TelegramApiError(500, 'Internal Server Error').toBody());
    });
  });
  if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // grammY keeps connections alive; without this, close would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}

async function handle(handlers: SimulatorHandlers, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://simulator');
  const hangUp = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) hangUp.abort();
  });

  const api = /^\/bot([^/]*)\/([^/]+)$/.exec(url.pathname);
  if (api) {
    const params = await readApiParams(request, url);
    const { status, answer } = await handlers.botApi(decodeURIComponent(api[1]!), api[2]!, params, hangUp.signal);
    return send(response, status, answer);
  }

  if (url.pathname.startsWith('/control/')) {
    const text = await readBody(request);
    let body: unknown;
    try {
      body = text === '' ? {} : JSON.parse(text);
    } catch {
      return send(response, 400, { error: 'The control API takes JSON bodies' });
    }
    const answer = await handlers.control({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, body });
    return send(response, answer.status, answer.body);
  }

  send(response, 404, new TelegramApiError(404, 'Not Found').toBody());
}

/** Reads Bot API parameters: the query string, overridden by a JSON or urlencoded body. */
async function readApiParams(request: IncomingMessage, url: URL): Promise<ApiParams> {
  const params: ApiParams = fromForm(url.searchParams);
  const text = await readBody(request);
  if (text === '') return params;
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw badRequest("can't parse JSON");
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('parameters must be a JSON object');
    return { ...params, ...(body as ApiParams) };
  }
  if (type === 'application/x-www-form-urlencoded') return { ...params, ...fromForm(new URLSearchParams(text)) };
  // grammY uses multipart only to upload files, which the simulator does not store.
  throw badRequest(`the simulator does not accept ${type || 'bodies without a content type'}`);
}

/** Form and query values are strings; Telegram reads objects and arrays (reply_markup, …) as JSON in them. */
function fromForm(form: URLSearchParams): ApiParams {
  const params: ApiParams = {};
  for (const [key, value] of form) {
    params[key] = value;
    if (/^\s*[[{]/.test(value)) {
      try {
        params[key] = JSON.parse(value);
      } catch {
        // Not JSON after all: Telegram takes it as the string it is.
      }
    }
  }
  return params;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new TelegramApiError(413, 'Request Entity Too Large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.destroyed || response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
