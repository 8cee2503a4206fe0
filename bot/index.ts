/**
 * The bot's one entry for the API (docs/architecture.md): the Bot Sandbox's driver type, its errors,
 * and the simulator's shapes it hands back; the token buckets of its flood control, which the Mini
 * App's API shares; its nearest-neighbour search, which checks a CSV file's points against the
 * gazetteer. Everything else of the bot reaches the API through what scripts/product.ts passes to
 * buildApp.
 */
export { SandboxError, SandboxTimeoutError, type BotSandbox, type SandboxInlineQuery } from './sandbox.js';
export type { ChatMessage, SimulatedGroup, SimulatedUser } from './simulator/index.js';
export { createTokenBuckets } from './middleware/token-buckets.js';
export { nearestItems } from './answering/nearest-items.js';
