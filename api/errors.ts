import { sessionEndSentence, type SessionEnd } from './contract/session-end.js';

/** An error a route throws to answer with a given status and a message meant for the user. */
export class ApiError extends Error {
  readonly statusCode: number;
  /** Extra fields merged into the answer's body (e.g. the login form's `success: false`). */
  readonly body: Record<string, unknown>;

  constructor(
    statusCode: number,
    message: string,
    body: Record<string, unknown> = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.body = body;
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, field?: string) =>
  new ApiError(400, message, field ? { field, fields: { [field]: message } } : {});
export const unauthorized = (message = 'Sign in to continue') => new ApiError(401, message);
/** A 401 for a session that is over, saying why: `{ error, message, reason, role? }` (api/contract/session-end.ts). */
export const sessionEnded = (end: SessionEnd) => new ApiError(401, sessionEndSentence(end), { ...end });
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, field?: string) =>
  new ApiError(409, message, field ? { field, fields: { [field]: message } } : {});
