/**
 * The built-in Telegram: a fake Bot API the real grammY bot long-polls through `client.apiRoot`, and a control
 * API through which tests and the console's Bot Sandbox act as users and groups.
 */
export { createTelegramSimulator } from './create-simulator.js';
export type { TelegramSimulator, TelegramSimulatorOptions, Delivery, SendOptions, WaitOptions, SimulatorEvents, InlineQueryOptions } from './simulator.js';
export type { ChatMessage, InlineQueryAnswer, MemberStatus, SimulatedGroup, SimulatedGroupInput, SimulatedUser, SimulatedUserInput } from './state.js';
export type { ApiAnswer, ApiParams, ApiStats } from './bot-api.js';
export type { InjectedError } from './faults.js';
export type { ApiErrorBody } from './errors.js';
export { SimulatorError } from './errors.js';
