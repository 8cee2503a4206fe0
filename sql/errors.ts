/** A unique value (a username, an email…) that another row already holds. */
export class DuplicateValueError extends Error {
  constructor(readonly field: string) {
    super(`Another record already has this ${field}`);
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
