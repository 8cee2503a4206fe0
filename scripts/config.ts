import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { UsernameSchema } from '../api/contract/admin-users.js';
import { DEFAULT_MAP_TILES, type MapTiles } from '../api/plugins/mini-app-page.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['pretty', 'json'] as const;

const flag = (name: string) =>
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
      error: `${name} must be one of 1, 0, true, false, on, off, yes, no`,
    })
    .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

const BOT_MODES = ['polling', 'webhook'] as const;
const DATABASE_URL_SCHEME = /^postgres(ql)?:\/\//;

/**
 * Whether postgres.js can read a connection URL, as its parseUrl does (the first of several comma-separated
 * hosts, percent-decoded user and password), so a bad port or a stray % stops the start here, in words.
 */
function readsAsDatabaseUrl(value: string): boolean {
  // One line per variable: another scheme has been reported already.
  if (!DATABASE_URL_SCHEME.test(value)) return true;
  try {
    const authority = value.slice(value.indexOf('://') + 3).split(/[?/]/)[0]!;
    const hostList = decodeURIComponent(authority.slice(authority.indexOf('@') + 1));
    const url = new URL(value.replace(hostList, hostList.split(',')[0]!));
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    return true;
  } catch {
    return false;
  }
}

const TRUST_PROXY_RULE = "TRUST_PROXY must be a comma-separated list of the proxies' IP addresses or CIDR ranges, such as 10.0.0.0/8,::1";
/** The ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** Whether a TRUST_PROXY entry is an IP address, a CIDR range or a named range, as proxy-addr reads them. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  // A /0 would trust every address (proxy-addr refuses it too).
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) === 0) return false;
  try {
    // Refuses a prefix longer than the address (33 for IPv4, 129 for IPv6).
    new net.BlockList().addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    return true;
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: the proxies trusted to say, in X-Forwarded-For, whom they
 * forward. Fastify trusts no hop count (it cannot tell the proxy from a client reaching the process directly):
 * one is refused here rather than silently ignored.
 */
function readTrustProxy(value: string, context: z.RefinementCtx): string[] {
  if (/^\d+$/.test(value)) {
    context.addIssue({ code: 'custom', message: `${TRUST_PROXY_RULE}, not their number (${value})` });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad === undefined) return entries;
  context.addIssue({ code: 'custom', message: `${TRUST_PROXY_RULE} ("${bad}" is not one)` });
  return z.NEVER;
}

const EnvSchema = z
  .object({
    PORT: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: 'PORT must be a number' }).int('PORT must be a whole number').min(0).max(65535, 'PORT must be at most 65535').default(3000),
    ),
    HOST: z.preprocess(blankToUndefined, z.string().default('0.0.0.0')),
    DATABASE_URL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(DATABASE_URL_SCHEME, 'DATABASE_URL must start with postgres:// or postgresql://')
        .refine(readsAsDatabaseUrl, 'DATABASE_URL must read as postgres://user:password@host:5432/database, with special characters percent-encoded (%40 for @)')
        .optional(),
    ),
    DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
    JWT_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
    // The console's own rules: a first admin it could not edit or rename would be a trap.
    ADMIN_USERNAME: z.preprocess(blankToUndefined, UsernameSchema.optional()),
    ADMIN_PASSWORD: z.preprocess(blankToUndefined, z.string().optional()),
    DEMO_DATA: z.preprocess(blankToUndefined, flag('DEMO_DATA').optional()),
    BOT_TOKEN: z.preprocess(blankToUndefined, z.string().regex(/^\d+:[\w-]+$/, 'BOT_TOKEN must look like 123456:ABC-DEF…').optional()),
    TELEGRAM_API_ROOT: z.preprocess(blankToUndefined, z.url('TELEGRAM_API_ROOT must be a URL').optional()),
    BOT_MODE: z.preprocess(blankToUndefined, z.enum(BOT_MODES, { error: 'BOT_MODE must be polling or webhook' }).default('polling')),
    WEBHOOK_URL: z.preprocess(
      blankToUndefined,
      z.url({ protocol: /^https$/, error: 'WEBHOOK_URL must be an https:// URL (Telegram posts only to https)' }).optional(),
    ),
    // Telegram opens Mini Apps from https addresses only.
    MINI_APP_URL: z.preprocess(
      blankToUndefined,
      z.url({ protocol: /^https$/, error: 'MINI_APP_URL must be an https:// URL (Telegram opens Mini Apps only over https), such as https://example.org/app/' }).optional(),
    ),
    // What Telegram accepts as a webhook's secret_token.
    WEBHOOK_SECRET: z.preprocess(
      blankToUndefined,
      z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, 'WEBHOOK_SECRET must be 1 to 256 characters of A-Z, a-z, 0-9, _ and -').optional(),
    ),
    LOG_LEVEL: z.preprocess(
      blankToUndefined,
      z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    ),
    LOG_FORMAT: z.preprocess(blankToUndefined, z.enum(LOG_FORMATS, { error: 'LOG_FORMAT must be pretty or json' }).optional()),
    TRUST_PROXY: z.preprocess(blankToUndefined, z.string().trim().transform(readTrustProxy).optional()),
    // A scraper sends it in the Authorization header: printable characters only.
    METRICS_TOKEN: z.preprocess(
      blankToUndefined,
      z
        .string()
        .min(16, 'METRICS_TOKEN must be at least 16 characters')
        .regex(/^[\x21-\x7E]+$/, 'METRICS_TOKEN must be letters, digits and punctuation, without spaces')
        .optional(),
    ),
    MAP_TILE_URL: z.preprocess(
      blankToUndefined,
      z
        .url({ protocol: /^https?$/, error: 'MAP_TILE_URL must be an http:// or https:// URL' })
        .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), 'MAP_TILE_URL must hold {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png')
        .default(DEFAULT_MAP_TILES.url),
    ),
    MAP_ATTRIBUTION: z.preprocess(blankToUndefined, z.string().trim().max(300, 'MAP_ATTRIBUTION must be at most 300 characters').optional()),
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
    // zod skips object refinements when a field failed; run this one anyway, so every problem is listed at once.
    when: () => true,
  })
  .refine((env) => env.BOT_MODE !== 'webhook' || env.WEBHOOK_URL !== undefined, {
    message: 'WEBHOOK_URL is required with BOT_MODE=webhook',
    path: ['WEBHOOK_URL'],
    when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== 'WEBHOOK_URL'),
  })
  .refine((env) => env.BOT_MODE !== 'webhook' || env.WEBHOOK_SECRET !== undefined, {
    message: 'WEBHOOK_SECRET is required with BOT_MODE=webhook',
    path: ['WEBHOOK_SECRET'],
    when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== 'WEBHOOK_SECRET'),
  });

/** Where Telegram posts updates in webhook mode, and the secret it sends with each. */
export interface WebhookConfig {
  url: string;
  secretToken: string;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string | undefined;
  initialAdmin: { username: string; password: string } | undefined;
  demoData: boolean;
  botToken: string | undefined;
  telegramApiRoot: string | undefined;
  /** Absent: the bot long-polls Telegram. */
  webhook: WebhookConfig | undefined;
  /**
   * The Mini App's address, for the bot's 🗺 Map buttons and chat menu button: MINI_APP_URL, else WEBHOOK_URL's
   * origin with /app/. Absent: the built-in simulator's own address once it listens, or no Mini App buttons.
   */
  miniAppUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** pretty: readable lines for a person at a terminal; json: one JSON object a line, for Docker, CI and files. */
  logFormat: (typeof LOG_FORMATS)[number];
  /** The bearer token a Prometheus scrape of /metrics carries; absent: metrics are off (/metrics is a 404). */
  metricsToken: string | undefined;
  consoleDir: string;
  /**
   * Behind a load balancer or reverse proxy: the addresses and ranges of the proxies whose X-Forwarded-For
   * names the client. Absent: the client is the connection's address, the header ignored.
   */
  trustProxy: string[] | undefined;
  /** The Mini App's map: its tiles ({z}/{x}/{y} template) and the credit shown on it. */
  mapTiles: MapTiles;
}

/** Raised with one line per bad variable, so an operator can fix them all at once. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.problems = problems;
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the process configuration from environment variables. Logs are readable lines
 * when standard output is a terminal, JSON lines otherwise, unless LOG_FORMAT says which.
 */
export function loadConfig(env: NodeJS.ProcessEnv, cwd = process.cwd(), stdoutIsTerminal = process.stdout.isTTY === true): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir: path.resolve(cwd, values.DATA_DIR),
    jwtSecret: values.JWT_SECRET,
    initialAdmin:
      values.ADMIN_USERNAME && values.ADMIN_PASSWORD
        ? { username: values.ADMIN_USERNAME, password: values.ADMIN_PASSWORD }
        : undefined,
    demoData: values.DEMO_DATA ?? values.DATABASE_URL === undefined,
    botToken: values.BOT_TOKEN,
    telegramApiRoot: values.TELEGRAM_API_ROOT,
    webhook:
      values.BOT_MODE === 'webhook' && values.WEBHOOK_URL && values.WEBHOOK_SECRET
        ? { url: values.WEBHOOK_URL, secretToken: values.WEBHOOK_SECRET }
        : undefined,
    miniAppUrl: values.MINI_APP_URL ?? (values.WEBHOOK_URL && new URL('/app/', values.WEBHOOK_URL).toString()),
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json'),
    metricsToken: values.METRICS_TOKEN,
    consoleDir: path.resolve(cwd, 'console/dist'),
    trustProxy: values.TRUST_PROXY,
    // Another tile server's credit is the operator's to give; OpenStreetMap's only goes with OpenStreetMap's tiles.
    mapTiles: {
      url: values.MAP_TILE_URL,
      attribution: values.MAP_ATTRIBUTION ?? (values.MAP_TILE_URL === DEFAULT_MAP_TILES.url ? DEFAULT_MAP_TILES.attribution : ''),
    },
  };
}
