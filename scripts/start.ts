import { loadConfig } from './config.js';
import { startProduct } from './product.js';
import { startBanner, writeFirstAdminPassword } from './start-banner.js';
import { startFailureMessage } from './start-errors.js';

/** `npm start`: runs the whole product in this process until SIGTERM or SIGINT. */
async function main(): Promise<void> {
  // The handlers come before the start: the console answers (and a supervisor may stop it) before the bot has
  // finished starting, and a SIGTERM then would otherwise kill the process outright. A signal received during
  // the start stops the product as soon as it is up.
  const stopping: { signal?: string; stop?: (signal: string) => void } = {};
  const onSignal = (signal: string) => (stopping.stop ? stopping.stop(signal) : (stopping.signal ??= signal));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  const config = loadConfig(process.env);
  const product = await startProduct(config);

  if (product.gazetteerLoadMs !== undefined) {
    console.log(`Loaded the cities gazetteer in ${(product.gazetteerLoadMs / 1000).toFixed(1)} s (first start only).`);
  }
  const admin = product.initialAdmin;
  const createdAdmin = !admin.created
    ? undefined
    : admin.generatedPassword
      ? { username: admin.username, generated: { password: admin.generatedPassword, file: writeFirstAdminPassword(config.dataDir, admin.username, admin.generatedPassword) } }
      : { username: admin.username };
  const database = product.database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL at DATABASE_URL';
  console.log(startBanner({ database, url: product.url, miniAppUrl: product.miniAppUrl, demoData: config.demoData, createdAdmin }));

  let stopped = false;
  stopping.stop = (signal: string) => {
    if (stopped) return;
    stopped = true;
    console.log(`${signal} received, shutting down…`);
    void product.stop().then(() => process.exit(0));
  };
  if (stopping.signal) stopping.stop(stopping.signal);
}

main().catch((error: unknown) => {
  console.error(startFailureMessage(error));
  process.exit(1);
});
