/**
 * The fake Bot API as a process of its own (see fake-bot-api-process.ts): prints its URL as one JSON
 * line on stdout and runs until its parent closes stdin or sends SIGTERM.
 */
import { startFakeBotApi } from './fake-bot-api.js';

const fake = await startFakeBotApi();
process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);
const stop = () => void fake.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
// The parent's end of the pipe closes when it exits, whatever way: no orphaned server.
process.stdin.on('end', stop);
process.stdin.resume();
