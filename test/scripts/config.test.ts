import t from 'tap';
import path from 'node:path';
import Fastify from 'fastify';
import { ConfigError, loadConfig } from '../../scripts/config.js';

t.test('defaults', async (t) => {
  const config = loadConfig({}, '/srv/app');
  t.equal(config.port, 3000);
  t.equal(config.host, '0.0.0.0');
  t.equal(config.dataDir, path.resolve('/srv/app', './data'), 'DATA_DIR defaults to ./data, resolved');
  t.equal(config.databaseUrl, undefined);
  t.equal(config.jwtSecret, undefined, 'generated and kept in the database when unset');
  t.equal(config.initialAdmin, undefined);
  t.equal(config.demoData, true, 'demo data is on for the embedded database');
  t.equal(config.logLevel, 'info');
  t.equal(config.consoleDir, path.resolve('/srv/app', 'console/dist'));
});

t.test('blank values count as unset', async (t) => {
  const config = loadConfig({ PORT: '', DATA_DIR: '', DEMO_DATA: '', DATABASE_URL: '' }, '/srv/app');
  t.equal(config.port, 3000);
  t.equal(config.dataDir, '/srv/app/data');
  t.equal(config.demoData, true);
});

t.test('values from the environment', async (t) => {
  const config = loadConfig(
    {
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://user@db:5432/medcontacts',
      DATA_DIR: '/var/lib/medcontacts',
      JWT_SECRET: 'x'.repeat(32),
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'a-strong-password',
      BOT_TOKEN: '123456:ABC-def_ghi',
      TELEGRAM_API_ROOT: 'http://127.0.0.1:9000',
      LOG_LEVEL: 'warn',
    },
    '/srv/app',
  );
  t.match(config, {
    port: 8080,
    host: '127.0.0.1',
    databaseUrl: 'postgresql://user@db:5432/medcontacts',
    dataDir: '/var/lib/medcontacts',
    jwtSecret: 'x'.repeat(32),
    initialAdmin: { username: 'boss', password: 'a-strong-password' },
    botToken: '123456:ABC-def_ghi',
    telegramApiRoot: 'http://127.0.0.1:9000',
    logLevel: 'warn',
  });
  t.equal(config.demoData, false, 'demo data is off with DATABASE_URL');
});

t.test('DEMO_DATA overrides the default either way', async (t) => {
  t.equal(loadConfig({ DEMO_DATA: 'off' }).demoData, false);
  t.equal(loadConfig({ DEMO_DATA: 'yes', DATABASE_URL: 'postgres://db/x' }).demoData, true);
  t.equal(loadConfig({ DEMO_DATA: '0' }).demoData, false);
});

t.test('every bad variable is reported at once', async (t) => {
  const error = (() => {
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://root@localhost/db',
        JWT_SECRET: 'too-short',
        ADMIN_USERNAME: 'boss',
        BOT_TOKEN: 'not a token',
        DEMO_DATA: 'maybe',
        LOG_LEVEL: 'loud',
      });
    } catch (caught) {
      return caught;
    }
    return undefined;
  })();
  t.type(error, ConfigError);
  const problems = (error as ConfigError).problems;
  t.strictSame(problems.slice().sort(), [
    'ADMIN_PASSWORD: ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    'BOT_TOKEN: BOT_TOKEN must look like 123456:ABC-DEF…',
    'DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://',
    'DEMO_DATA: DEMO_DATA must be one of 1, 0, true, false, on, off, yes, no',
    'JWT_SECRET: JWT_SECRET must be at least 32 characters',
    'LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    'PORT: PORT must be a number',
  ]);
  t.equal((error as Error).message, `Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
});

/** The configuration's problems with `env`, one line each; none when it loads. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as ConfigError).problems;
  }
  return [];
}

t.test('a port out of range, a password without a username, a bad API root', async (t) => {
  t.strictSame(problemsOf({ PORT: '70000' }), ['PORT: PORT must be at most 65535']);
  t.strictSame(problemsOf({ ADMIN_PASSWORD: 'a-strong-password' }), ['ADMIN_PASSWORD: ADMIN_USERNAME and ADMIN_PASSWORD must be set together']);
  t.strictSame(problemsOf({ TELEGRAM_API_ROOT: 'not a url' }), ['TELEGRAM_API_ROOT: TELEGRAM_API_ROOT must be a URL']);
});

t.test("ADMIN_USERNAME follows the console's username rules", async (t) => {
  const password = 'a-strong-password';
  t.strictSame(problemsOf({ ADMIN_USERNAME: 'head nurse', ADMIN_PASSWORD: password }), [
    'ADMIN_USERNAME: Username may contain only letters, digits, dots, dashes and underscores. Remove the other characters.',
  ]);
  t.strictSame(problemsOf({ ADMIN_USERNAME: 'a'.repeat(65), ADMIN_PASSWORD: password }), ['ADMIN_USERNAME: Username can be at most 64 characters. Shorten it.']);
  t.strictSame(loadConfig({ ADMIN_USERNAME: ' head.nurse ', ADMIN_PASSWORD: password }).initialAdmin, { username: 'head.nurse', password }, 'kept trimmed, as the console keeps it');
});

t.test('a DATABASE_URL postgres.js cannot read is one line; the URLs it reads pass', async (t) => {
  const unreadable = ['DATABASE_URL: DATABASE_URL must read as postgres://user:password@host:5432/database, with special characters percent-encoded (%40 for @)'];
  t.strictSame(problemsOf({ DATABASE_URL: 'postgres://app@db:port/medcontacts' }), unreadable, 'a port that is no number');
  t.strictSame(problemsOf({ DATABASE_URL: 'postgres://app:100%sure@db/medcontacts' }), unreadable, 'a % that encodes nothing');
  t.strictSame(problemsOf({ DATABASE_URL: 'mysql://app@db/medcontacts' }), ['DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://'], 'another scheme: one line');
  for (const url of ['postgres://app:p%40ss@db:5432/medcontacts', 'postgresql://db-1:5432,db-2:5432/medcontacts?sslmode=require', 'postgres://app@[::1]:5432/medcontacts']) {
    t.strictSame(problemsOf({ DATABASE_URL: url }), [], url);
  }
});

t.test('the bot long-polls by default; BOT_MODE=webhook takes an https WEBHOOK_URL and a WEBHOOK_SECRET', async (t) => {
  t.equal(loadConfig({}).webhook, undefined, 'polling by default');
  t.equal(loadConfig({ BOT_MODE: 'polling', WEBHOOK_URL: 'https://bot.example.com/hook', WEBHOOK_SECRET: 's' }).webhook, undefined, 'ignored when polling');
  t.strictSame(loadConfig({ BOT_MODE: 'webhook', WEBHOOK_URL: 'https://bot.example.com/api/telegram-webhook', WEBHOOK_SECRET: 'Ab_9-'.repeat(51) }).webhook, {
    url: 'https://bot.example.com/api/telegram-webhook',
    secretToken: 'Ab_9-'.repeat(51),
  });
});

t.test("the Mini App's address: MINI_APP_URL, else WEBHOOK_URL's origin with /app/, else none", async (t) => {
  t.equal(loadConfig({}).miniAppUrl, undefined);
  t.equal(loadConfig({ MINI_APP_URL: 'https://maps.example.org/app/' }).miniAppUrl, 'https://maps.example.org/app/');
  t.equal(loadConfig({ WEBHOOK_URL: 'https://bot.example.com/api/telegram-webhook?x=1' }).miniAppUrl, 'https://bot.example.com/app/');
  t.equal(loadConfig({ WEBHOOK_URL: 'https://bot.example.com/hook', MINI_APP_URL: 'https://maps.example.org/app/' }).miniAppUrl, 'https://maps.example.org/app/', 'its own first');
  t.strictSame(problemsOf({ MINI_APP_URL: 'http://maps.example.org/app/' }), [
    'MINI_APP_URL: MINI_APP_URL must be an https:// URL (Telegram opens Mini Apps only over https), such as https://example.org/app/',
  ]);
});

t.test('webhook mode: each missing or bad variable is one line', async (t) => {
  t.strictSame(problemsOf({ BOT_MODE: 'hook' }), ['BOT_MODE: BOT_MODE must be polling or webhook']);
  t.strictSame(problemsOf({ BOT_MODE: 'webhook' }), [
    'WEBHOOK_URL: WEBHOOK_URL is required with BOT_MODE=webhook',
    'WEBHOOK_SECRET: WEBHOOK_SECRET is required with BOT_MODE=webhook',
  ]);
  t.strictSame(problemsOf({ BOT_MODE: 'webhook', WEBHOOK_URL: 'http://bot.example.com/hook', WEBHOOK_SECRET: 'a secret' }), [
    'WEBHOOK_URL: WEBHOOK_URL must be an https:// URL (Telegram posts only to https)',
    'WEBHOOK_SECRET: WEBHOOK_SECRET must be 1 to 256 characters of A-Z, a-z, 0-9, _ and -',
  ]);
  t.strictSame(problemsOf({ BOT_MODE: 'webhook', WEBHOOK_URL: 'not a url', WEBHOOK_SECRET: 'x'.repeat(257) }), [
    'WEBHOOK_URL: WEBHOOK_URL must be an https:// URL (Telegram posts only to https)',
    'WEBHOOK_SECRET: WEBHOOK_SECRET must be 1 to 256 characters of A-Z, a-z, 0-9, _ and -',
  ]);
  t.strictSame(problemsOf({ BOT_MODE: 'webhook', WEBHOOK_URL: 'https://bot.example.com/hook', WEBHOOK_SECRET: 'secret-token' }), [], 'a good pair');
});

t.test('TRUST_PROXY: unset trusts no proxy; set, the proxies by address or CIDR range, which Fastify takes', async (t) => {
  t.equal(loadConfig({}).trustProxy, undefined, 'unset: the connection is the client');
  t.equal(loadConfig({ TRUST_PROXY: '' }).trustProxy, undefined, 'blank counts as unset');
  const accepted: [string, string[]][] = [
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, 192.168.1.7,::1,fd00::/8', ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']],
    ['::ffff:10.0.0.0/104', ['::ffff:10.0.0.0/104']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ];
  for (const [value, trustProxy] of accepted) {
    t.strictSame(loadConfig({ TRUST_PROXY: value }).trustProxy, trustProxy, value);
    // Fastify compiles the list as it starts: what passes here must not stop it there.
    await Fastify({ trustProxy }).close();
  }
});

t.test('a bad TRUST_PROXY is one line naming it and what it takes', async (t) => {
  const rule = "TRUST_PROXY: TRUST_PROXY must be a comma-separated list of the proxies' IP addresses or CIDR ranges, such as 10.0.0.0/8,::1";
  t.strictSame(problemsOf({ TRUST_PROXY: '1' }), [`${rule}, not their number (1)`], 'a hop count, which Fastify would ignore');
  const refused: [string, string][] = [
    ['true', 'true'],
    ['proxy.internal', 'proxy.internal'],
    ['10.0.0.300', '10.0.0.300'],
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['::1/129', '::1/129'],
    ['10.0.0.0/0', '10.0.0.0/0'],
    ['10.0.0.0/8/8', '10.0.0.0/8/8'],
    ['10.0.0.0/eight', '10.0.0.0/eight'],
    ['10.0.0.1,', ''],
    ['10.0.0.1, -1', '-1'],
  ];
  for (const [value, bad] of refused) {
    t.strictSame(problemsOf({ TRUST_PROXY: value }), [`${rule} ("${bad}" is not one)`], value);
  }
});

t.test('METRICS_TOKEN turns the metrics on; unset or blank they are off; a short or spaced one is refused', async (t) => {
  t.equal(loadConfig({ METRICS_TOKEN: 'scrape-me-0123456789' }).metricsToken, 'scrape-me-0123456789');
  t.equal(loadConfig({}).metricsToken, undefined);
  t.equal(loadConfig({ METRICS_TOKEN: '' }).metricsToken, undefined);
  t.same(problemsOf({ METRICS_TOKEN: 'short' }), ['METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters']);
  t.same(problemsOf({ METRICS_TOKEN: 'has a space in the middle' }), ['METRICS_TOKEN: METRICS_TOKEN must be letters, digits and punctuation, without spaces']);
});

t.test('the Mini App map: OpenStreetMap by default, the operator’s tiles with their own credit, bad templates refused', async (t) => {
  t.same(loadConfig({}).mapTiles, { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' });
  t.same(loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' }).mapTiles, { url: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '' }, 'another server’s credit is not OpenStreetMap’s');
  t.same(loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png', MAP_ATTRIBUTION: ' © Example ' }).mapTiles.attribution, '© Example');
  t.same(problemsOf({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}.png' }), ['MAP_TILE_URL: MAP_TILE_URL must hold {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png']);
  t.same(problemsOf({ MAP_TILE_URL: 'ftp://tiles.example.org/{z}/{x}/{y}.png' }), ['MAP_TILE_URL: MAP_TILE_URL must be an http:// or https:// URL']);
});
