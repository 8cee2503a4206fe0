import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the first start keeps the generated password of `admin`, in the data folder. */
export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password.txt';

/**
 * Keeps the generated password where only the owner of the process can read it (mode 0600), for whoever
 * missed it on the terminal. A file left by an earlier data folder's first start is replaced, not appended to.
 */
export function writeFirstAdminPassword(dataDir: string, username: string, password: string): string {
  const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
  rmSync(file, { force: true });
  writeFileSync(file, `username: ${username}\npassword: ${password}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}

/** Lines framed by a box, so that the eye finds them among the log lines. */
function boxed(lines: string[]): string[] {
  const width = Math.max(...lines.map((line) => line.length));
  const edge = `+${'-'.repeat(width + 2)}+`;
  return [edge, ...lines.map((line) => `| ${line.padEnd(width)} |`), edge];
}

/** The first admin user a start created: from ADMIN_USERNAME and ADMIN_PASSWORD, or `admin` with a generated password kept in a file. */
export type CreatedAdmin = { username: string; generated?: { password: string; file: string } };

/**
 * What `npm start` prints once the product is up: where it runs, the console's address, and last — where
 * it stays on screen — the first admin's generated password, in a box, with the file that keeps it.
 */
export function startBanner(options: { database: string; url: string; miniAppUrl: string | undefined; demoData: boolean; createdAdmin: CreatedAdmin | undefined }): string {
  const lines = [`MedContacts is running on ${options.database}.`, `Console: ${options.url}`];
  lines.push(options.miniAppUrl ? `Mini App: ${options.miniAppUrl}` : 'Mini App: off (set MINI_APP_URL, an https:// address ending in /app/, for the bot\'s 🗺 Map and menu buttons).');
  if (options.demoData) lines.push('Demo data is on: demo.viewer, demo.editor, demo.admin and demo.superadmin sign in with "demo-password".');
  const admin = options.createdAdmin;
  if (admin?.generated) {
    lines.push(
      '',
      ...boxed([
        'Created the first admin user.',
        `  username: ${admin.username}`,
        `  password: ${admin.generated.password}`,
        'Sign in and change this password on the Settings screen.',
        `The file ${admin.generated.file} keeps it too, readable by its owner only:`,
        'delete it once you have signed in.',
      ]),
    );
  } else if (admin) {
    lines.push(`Created the first admin user "${admin.username}" from ADMIN_USERNAME and ADMIN_PASSWORD.`);
  }
  return lines.join('\n');
}
