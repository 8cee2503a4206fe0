/** A unique value (a username, an email…) that another row already holds. */
export class DuplicateValueError extends Error {
  readonly field: string;

  constructor(field: string) {
    super(`Another record already has this ${field}`);
    this.field = field;
    this.name = 'DuplicateValueError';
  }
}

/** Converts a unique-violation on one of the named constraints into a DuplicateValueError. */
export function rethrowDuplicate(error: unknown, fieldsByConstraint: Record<string, string>): never {
  const postgresError = error as { code?: string; constraint_name?: string };
  const field = postgresError.constraint_name && fieldsByConstraint[postgresError.constraint_name];
  if (postgresError.code === '23505' && field) throw new DuplicateValueError(field);
  throw error;
}

/**
 * What a failed query says when the database itself is out of reach (refused, reset, closed,
 * shut down by an administrator, too slow to connect) rather than the query being wrong.
 */
const UNAVAILABLE_CODES = new Set([
  // Node's socket errors.
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // postgres.js's own connection errors.
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  // PostgreSQL: admin_shutdown (pg_terminate_backend, a fast stop), crash_shutdown, cannot_connect_now
  // (starting or stopping), too_many_connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** Raised when the database did not answer in the time allowed; the caller may try again shortly. */
export class DatabaseUnavailableError extends Error {
  readonly reason: string;

  constructor(
    reason: string,
    options: { cause?: unknown } = {},
  ) {
    super(`The database is unavailable (${reason}); retry shortly`, options);
    this.reason = reason;
    this.name = 'DatabaseUnavailableError';
  }
}

/** True when an error (or one it was caused by) means the database could not be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    // SQLSTATE class 08 is "connection exception".
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    current = cause;
  }
  return false;
}

/** A short reason for the logs and the health answer: the error's code, or its name. */
export function unavailableReason(error: unknown): string {
  if (error instanceof DatabaseUnavailableError) return error.reason;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown';
}
