/**
 * The bot's one entry for the API (docs/architecture.md): the Bot Sandbox's driver type, its errors,
 * and the simulator's shapes it hands back. Everything else of the bot reaches the API through
 * what scripts/product.ts passes to buildApp.
 */
export { SandboxError, SandboxTimeoutError, type BotSandbox } from './sandbox.js';
export type { ChatMessage, SimulatedGroup, SimulatedUser } from './simulator/index.js';
