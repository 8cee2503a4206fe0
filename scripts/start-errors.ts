import { inspect } from 'node:util';
import { GrammyError } from 'grammy';
import { DataDirLockedError } from '../sql/embedded.js';
import { ConfigError } from './config.js';

/**
 * A start that cannot succeed as configured: the message is one sentence for the operator, naming the
 * variable to change and what is wrong with it. The error it was converted from is its cause.
 */
export class StartupError extends Error {
  readonly variable: string;

  constructor(
    variable: string,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.variable = variable;
    this.name = 'StartupError';
  }
}

/**
 * For a promise's catch: throws what `failure` makes of the error (a StartupError naming the variable), or
 * the error itself when it is not about a setting.
 */
export const rethrowAs =
  (failure: (error: unknown) => Error | undefined) =>
  (error: unknown): never => {
    throw failure(error) ?? error;
  };

/**
 * What the operator reads when a start (or `npm run migrate`) stops: the sentences for a setting to fix, the
 * stack for anything else, which is a bug to report.
 */
export function startFailureMessage(error: unknown, what = 'MedContacts could not start'): string {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message;
  if (error instanceof StartupError) return `${what}: ${error.message}`;
  return `${what}: ${inspect(error)}`;
}

type Errno = NodeJS.ErrnoException & { address?: string; port?: number; hostname?: string };

const errnoOf = (error: unknown): Errno | undefined =>
  error instanceof Error && typeof (error as Errno).code === 'string' ? (error as Errno) : undefined;

/** What the file system says, in words: the errors a data folder the process may not use gives. */
const FILE_SYSTEM_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file is in the way of a folder',
  ENOSPC: 'the disk is full',
  ENAMETOOLONG: 'the path is too long',
};

/** DATA_DIR's folder could not be created or written: the sentence says which path and why. */
export function dataDirFailure(error: unknown, dataDir: string): StartupError | undefined {
  const errno = errnoOf(error);
  const reason = errno?.code && FILE_SYSTEM_REASONS[errno.code];
  if (!reason) return undefined;
  const where = errno.path && errno.path !== dataDir ? ` (${errno.path})` : '';
  return new StartupError(
    'DATA_DIR',
    `DATA_DIR ${dataDir} cannot be written: ${reason}${where}. Give the process's user write access to it, or set DATA_DIR to a folder it may write.`,
    { cause: error },
  );
}

/** The server and database a URL names, without its password. */
function describeDatabase(databaseUrl: string): { server: string; database: string; user: string } {
  try {
    const url = new URL(databaseUrl);
    return {
      server: `${url.hostname || 'localhost'}:${url.port || '5432'}`,
      database: decodeURIComponent(url.pathname.slice(1)) || 'the default database',
      user: decodeURIComponent(url.username) || 'the default user',
    };
  } catch {
    return { server: 'the server', database: 'the database', user: 'the user' };
  }
}

/**
 * The first query on the external server failed in a way no retry mends: nothing listens there, the host is
 * unknown, the database does not exist, the server refuses the user, or the role may not create the geo
 * extensions (README, External PostgreSQL). Anything else is not about DATABASE_URL: undefined.
 */
export function databaseFailure(error: unknown, databaseUrl: string): StartupError | undefined {
  const errno = errnoOf(error);
  if (!errno) return undefined;
  const { server, database, user } = describeDatabase(databaseUrl);
  const sentence = (() => {
    switch (errno.code) {
      case 'ECONNREFUSED':
        return `nothing accepts connections at ${server}: start PostgreSQL there, or correct the host and port`;
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return `the host of ${server} cannot be found: correct the host name`;
      case 'CONNECT_TIMEOUT':
      case 'ETIMEDOUT':
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return `${server} cannot be reached (${errno.code}): check the host, the port and the network in between`;
      case '3D000':
        return `the database "${database}" does not exist on ${server}: create it (createdb ${database}), or correct the name`;
      case '28P01':
      case '28000':
        return `${server} refused the user "${user}" (${errno.message}): correct the user and password`;
      case '42501':
        return /extension/i.test(errno.message)
          ? `the user "${user}" may not create the extensions cube, earthdistance and pg_trgm (${errno.message}): run the first start as a superuser, or have one create them first (README, External PostgreSQL)`
          : undefined;
      default:
        return undefined;
    }
  })();
  return sentence ? new StartupError('DATABASE_URL', `DATABASE_URL: ${sentence}.`, { cause: error }) : undefined;
}

/** The HTTP server could not listen where PORT and HOST say. */
export function listenFailure(error: unknown, port: number, host: string): StartupError | undefined {
  const errno = errnoOf(error);
  switch (errno?.code) {
    case 'EADDRINUSE':
      return new StartupError('PORT', `PORT ${port} is already in use on ${host}: stop the process that listens there, or set PORT to a free port.`, {
        cause: error,
      });
    case 'EACCES':
      return new StartupError('PORT', `PORT ${port} needs privileges this process does not have on ${host}: set PORT to 1024 or above.`, { cause: error });
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EINVAL':
      return new StartupError('HOST', `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all of them.`, {
        cause: error,
      });
    default:
      return undefined;
  }
}

/**
 * Telegram refused the bot's token (getMe answers 401 for a revoked token, 404 for one it never issued) or its
 * webhook: no retry mends either. A Telegram that cannot be reached is not one of these: the console stays up.
 */
export function botStartFailure(error: unknown, options: { telegramApiRoot?: string | undefined }): StartupError | undefined {
  if (!(error instanceof GrammyError)) return undefined;
  const answer = `${error.error_code}: ${error.description}`;
  const where = options.telegramApiRoot ? `the Bot API server at TELEGRAM_API_ROOT (${options.telegramApiRoot})` : 'Telegram';
  if (error.method === 'setWebhook') {
    return new StartupError('WEBHOOK_URL', `WEBHOOK_URL was refused by ${where} (${answer}): give a public https:// address that reaches this process.`, {
      cause: error,
    });
  }
  if (error.error_code === 401 || error.error_code === 404) {
    return new StartupError('BOT_TOKEN', `BOT_TOKEN was refused by ${where} (${answer}): copy the bot's current token from @BotFather.`, { cause: error });
  }
  return undefined;
}
