import { ConfigError, loadConfig } from './config.js';
import { startProduct } from './product.js';
import { DataDirLockedError } from '../sql/embedded.js';

/** `npm start`: runs the whole product in this process until SIGTERM or SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const product = await startProduct(config);

  if (product.initialAdmin.created) {
    const { username, generatedPassword } = product.initialAdmin;
    const lines = generatedPassword
      ? [`Created the first admin user.`, `  username: ${username}`, `  password: ${generatedPassword}`, `This password is shown only once: sign in and change it on the Settings screen.`]
      : [`Created the first admin user "${username}" from ADMIN_USERNAME and ADMIN_PASSWORD.`];
    const width = Math.max(...lines.map((line) => line.length));
    console.log(['', '='.repeat(width), ...lines, '='.repeat(width), ''].join('\n'));
  }
  if (product.gazetteerLoadMs !== undefined) {
    console.log(`Loaded the cities gazetteer in ${(product.gazetteerLoadMs / 1000).toFixed(1)} s (first start only).`);
  }
  const database = product.database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL at DATABASE_URL';
  console.log(`MedContacts is running on ${database}.\nConsole: ${product.url}`);
  if (config.demoData) console.log('Demo data is on: demo.viewer, demo.editor, demo.admin and demo.superadmin sign in with "demo-password".');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down…`);
    await product.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('MedContacts could not start:', error);
  }
  process.exit(1);
});
