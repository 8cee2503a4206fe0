/**
 * The bot's one entry for the API (docs/architecture.md): the Bot Sandbox's driver type, its errors,
 * and the simulator's shapes it hands back; the token buckets of its flood control, which the Mini App's API shares. Everything else of the bot reaches the API through
 * what scripts/product.ts passes to buildApp.
 */
export { SandboxError, SandboxTimeoutError, type BotSandbox, type SandboxInlineQuery } from './sandbox.js';
export type { ChatMessage, SimulatedGroup, SimulatedUser } from './simulator/index.js';
export { createTokenBuckets } from './middleware/token-buckets.js';
