import { SimulatorError } from './errors.js';
import type { InjectedError } from './faults.js';
import type { ControlRequest } from './server.js';
import type { MemberStatus, SimulatedGroupInput, SimulatedUserInput } from './state.js';
import type { TelegramSimulator } from './simulator.js';

type Body = Record<string, unknown>;

interface Route {
  method: string;
  /** Path pattern; its groups are the route's numeric path parameters. */
  path: RegExp;
  run: (simulator: TelegramSimulator, ids: number[], body: Body, query: URLSearchParams) => unknown;
}

const ID = '(-?\\d+)';
const route = (method: string, path: string, run: Route['run']): Route => ({ method, path: new RegExp(`^/control${path}$`), run });

/**
 * The control API over HTTP, so another process (a soak test, a separate console) can act as users and groups.
 * Each route calls the simulator method of the same name; answers are the method's result as JSON
 * (`null` when it returns nothing), and a misuse is a 400 `{ error }`.
 */
const ROUTES: Route[] = [
  route('GET', '/bot', (sim) => sim.botInfo),
  route('GET', '/users', (sim) => sim.listUsers()),
  route('POST', '/users', (sim, _ids, body) => sim.upsertUser(body as unknown as SimulatedUserInput)),
  route('POST', `/users/${ID}/block`, (sim, [userId]) => sim.blockBot(userId!)),
  route('DELETE', `/users/${ID}/block`, (sim, [userId]) => sim.unblockBot(userId!)),
  route('POST', `/users/${ID}/deactivate`, (sim, [userId]) => sim.deactivateUser(userId!)),
  route('GET', '/groups', (sim) => sim.listGroups()),
  route('POST', '/groups', (sim, _ids, body) => sim.createGroup(body as unknown as SimulatedGroupInput)),
  route('POST', `/groups/${ID}/members`, (sim, [groupId], body) =>
    sim.addMember(groupId!, number(body, 'userId'), (body.status as MemberStatus | undefined) ?? 'member')),
  route('DELETE', `/groups/${ID}/members/${ID}`, (sim, [groupId, userId]) => sim.removeMember(groupId!, userId!)),
  route('POST', `/groups/${ID}/bot`, (sim, [groupId], body) =>
    sim.addBot(groupId!, number(body, 'byUserId'), body.status === 'administrator' ? 'administrator' : 'member')),
  route('DELETE', `/groups/${ID}/bot`, (sim, [groupId], _body, query) =>
    sim.removeBot(groupId!, query.has('byUserId') ? Number(query.get('byUserId')) : undefined)),
  route('POST', '/messages', (sim, _ids, body) => sendMessage(sim, body)),
  route('POST', '/callbacks', (sim, _ids, body) =>
    sim.pressButton(number(body, 'userId'), number(body, 'chatId'), number(body, 'messageId'), string(body, 'data'))),
  route('POST', '/updates', (sim, _ids, body) => sim.sendUpdate(body)),
  route('POST', '/inline-queries', (sim, _ids, body) => {
    const location = isBody(body.location) ? { location: { latitude: number(body.location, 'latitude'), longitude: number(body.location, 'longitude') } } : {};
    return sim.sendInlineQuery(number(body, 'userId'), string(body, 'query'), location);
  }),
  route('GET', '/inline-queries/(\\d+)', (sim, [queryId]) => sim.inlineAnswer(String(queryId)) ?? null),
  route('POST', '/inline-queries/(\\d+)/choice', (sim, [queryId], body) =>
    sim.chooseInlineResult(number(body, 'userId'), String(queryId), string(body, 'resultId'), body.chatId === undefined ? {} : { chatId: number(body, 'chatId') })),
  route('GET', '/profile', (sim, _ids, _body, query) => {
    const language = query.get('languageCode') ?? '';
    return { description: sim.description(language), shortDescription: sim.shortDescription(language), menuButton: sim.menuButton() };
  }),
  route('GET', `/chats/${ID}/reply-keyboard`, (sim, [chatId]) => sim.replyKeyboard(chatId!) ?? null),
  route('GET', `/chats/${ID}/messages`, (sim, [chatId]) => sim.messages(chatId!)),
  route('GET', `/chats/${ID}/bot-messages`, (sim, [chatId], _body, query) => {
    const afterMessageId = Number(query.get('afterMessageId') ?? 0);
    if (!query.has('count')) return sim.botMessagesSince(chatId!, afterMessageId);
    const timeoutMs = query.has('timeoutMs') ? Number(query.get('timeoutMs')) : undefined;
    return sim.waitForBotMessages(chatId!, { afterMessageId, count: Number(query.get('count')), timeoutMs });
  }),
  route('PUT', '/rate-limit', (sim, _ids, body) => sim.setRateLimit(body.perSecond === null ? null : number(body, 'perSecond'))),
  route('POST', '/failures', (sim, _ids, body) => {
    const { method, times, ...error } = body;
    if (typeof method !== 'string') throw new SimulatorError('Name the Bot API method to fail as "method"');
    sim.failNext(method, { ...error, error_code: number(error, 'error_code'), description: string(error, 'description') } as InjectedError, times === undefined ? 1 : number(body, 'times'));
  }),
  route('GET', '/stats', (sim) => sim.stats()),
  route('POST', '/reset', (sim) => sim.reset()),
];

/** Builds the handler the HTTP server gives `/control/...` requests to. */
export function createControlRoutes(simulator: TelegramSimulator) {
  return async ({ method, path, query, body }: ControlRequest): Promise<{ status: number; body: unknown }> => {
    const candidates = ROUTES.filter((candidate) => candidate.path.test(path));
    if (candidates.length === 0) return { status: 404, body: { error: `No control route for ${method} ${path}` } };
    const chosen = candidates.find((candidate) => candidate.method === method);
    if (!chosen) return { status: 405, body: { error: `${path} takes ${candidates.map((c) => c.method).join(', ')}, not ${method}` } };
    const ids = chosen.path.exec(path)!.slice(1).map(Number);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return { status: 400, body: { error: 'The body must be a JSON object' } };
    try {
      const result = await chosen.run(simulator, ids, body as Body, query);
      return { status: 200, body: result ?? null };
    } catch (error) {
      if (error instanceof SimulatorError || error instanceof RangeError) return { status: 400, body: { error: error.message } };
      throw error;
    }
  };
}

function sendMessage(simulator: TelegramSimulator, body: Body) {
  const userId = number(body, 'userId');
  const options = body.chatId === undefined ? {} : { chatId: number(body, 'chatId') };
  if (typeof body.text === 'string') return simulator.sendText(userId, body.text, options);
  if (isBody(body.venue)) {
    const venue = body.venue;
    return simulator.sendVenue(userId, { latitude: number(venue, 'latitude'), longitude: number(venue, 'longitude'), title: string(venue, 'title'), address: string(venue, 'address') }, options);
  }
  if (isBody(body.location)) {
    const location = body.location;
    const livePeriod = location.live_period === undefined ? {} : { live_period: number(location, 'live_period') };
    return simulator.sendLocation(userId, { latitude: number(location, 'latitude'), longitude: number(location, 'longitude'), ...livePeriod }, options);
  }
  throw new SimulatorError('A message needs "text", "location" or "venue"');
}

const isBody = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

function number(body: Body, name: string): number {
  const value = body[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new SimulatorError(`"${name}" must be a number`);
  return value;
}

function string(body: Body, name: string): string {
  const value = body[name];
  if (typeof value !== 'string') throw new SimulatorError(`"${name}" must be a string`);
  return value;
}
