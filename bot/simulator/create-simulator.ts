import { createControlRoutes } from './control-routes.js';
import { startSimulatorServer } from './server.js';
import { TelegramSimulator, type TelegramSimulatorOptions } from './simulator.js';

/**
 * Starts the built-in Telegram: a fake Bot API on 127.0.0.1 (a free port) for the real grammY bot to long-poll
 * through `client.apiRoot`, plus a control API to act as users and groups, in process and over HTTP under
 * `/control`. Close it with {@link TelegramSimulator.close}. The server and its control routes are put
 * together here, so the simulator and its routes do not import each other.
 */
export async function createTelegramSimulator(options: TelegramSimulatorOptions = {}): Promise<TelegramSimulator> {
  const simulator = new TelegramSimulator(options);
  simulator.attachServer(
    await startSimulatorServer({
      botApi: (token, method, params, signal) => simulator.callBotApi(token, method, params, signal),
      control: createControlRoutes(simulator),
    }),
  );
  return simulator;
}
