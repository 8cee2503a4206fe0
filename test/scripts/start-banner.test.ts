import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { startBanner, writeFirstAdminPassword } from '../../scripts/start-banner.js';

const base = { database: 'embedded PostgreSQL in /srv/data', url: 'http://127.0.0.1:3000', miniAppUrl: 'http://127.0.0.1:3000/app/', demoData: false };

t.test('a generated password ends the banner, in a box naming the file that keeps it', async (t) => {
  const banner = startBanner({ ...base, createdAdmin: { username: 'admin', generated: { password: 'Xy7-secret-pw-123', file: '/srv/data/first-admin-password.txt' } } });
  t.equal(
    banner,
    [
      'MedContacts is running on embedded PostgreSQL in /srv/data.',
      'Console: http://127.0.0.1:3000',
      'Mini App: http://127.0.0.1:3000/app/',
      '',
      '+---------------------------------------------------------------------------------------+',
      '| Created the first admin user.                                                         |',
      '|   username: admin                                                                     |',
      '|   password: Xy7-secret-pw-123                                                         |',
      '| Sign in and change this password on the Settings screen.                              |',
      '| The file /srv/data/first-admin-password.txt keeps it too, readable by its owner only: |',
      '| delete it once you have signed in.                                                    |',
      '+---------------------------------------------------------------------------------------+',
    ].join('\n'),
  );
});

t.test('an admin from ADMIN_USERNAME, demo data, and a later start without a new admin', async (t) => {
  t.equal(
    startBanner({ ...base, demoData: true, createdAdmin: { username: 'chief' } }),
    [
      'MedContacts is running on embedded PostgreSQL in /srv/data.',
      'Console: http://127.0.0.1:3000',
      'Mini App: http://127.0.0.1:3000/app/',
      'Demo data is on: demo.viewer, demo.editor, demo.admin and demo.superadmin sign in with "demo-password".',
      'Created the first admin user "chief" from ADMIN_USERNAME and ADMIN_PASSWORD.',
    ].join('\n'),
  );
  t.equal(
    startBanner({ ...base, miniAppUrl: undefined, createdAdmin: undefined }),
    [
      'MedContacts is running on embedded PostgreSQL in /srv/data.',
      'Console: http://127.0.0.1:3000',
      "Mini App: off (set MINI_APP_URL, an https:// address ending in /app/, for the bot's 🗺 Map and menu buttons).",
    ].join('\n'),
  );
});

t.test('the password file: in the data folder, readable and writable by its owner only, replacing an old one', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'first-admin-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  writeFileSync(path.join(dataDir, 'first-admin-password.txt'), 'an earlier database\'s password\n', { mode: 0o644 });

  const file = writeFirstAdminPassword(dataDir, 'admin', 'Xy7-secret-pw-123');
  t.equal(file, path.join(dataDir, 'first-admin-password.txt'));
  t.equal(statSync(file).mode & 0o777, 0o600);
  t.equal(readFileSync(file, 'utf8'), 'username: admin\npassword: Xy7-secret-pw-123\n');
});
