import type { FastifyError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '../contract/errors.js';
import { fieldLabel } from '../contract/fields.js';
import { ApiError } from '../errors.js';
import { DuplicateValueError, isDatabaseUnavailable, unavailableReason } from '../../sql/errors.js';
import { DATABASE_UNAVAILABLE } from './database-deadline.js';

const statusName = (status: number) => STATUS_CODES[status] ?? 'Error';
const formatMebibytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;

/** The value a schema's refinement offers instead of the one refused (`params: { suggestion }` of a custom zod issue). */
function suggestionOf(params: unknown): string | undefined {
  const custom = (params as { params?: { suggestion?: unknown } } | undefined)?.params;
  return typeof custom?.suggestion === 'string' ? custom.suggestion : undefined;
}

/**
 * One error handler for the API: validation errors become 400 naming the fields (`field`, `fields`)
 * with the first field's sentence as the message, known errors
 * their status, a database out of reach 503 (the console retries), and anything else a logged 500
 * that leaks no internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      const suggestions: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.slice(1).replaceAll('/', '.') || (error.validationContext ?? 'request');
        fields[field] ??= issue.message ?? 'is invalid';
        const suggestion = suggestionOf(issue.params);
        if (suggestion !== undefined) suggestions[field] ??= suggestion;
      }
      // The message is the schema's sentence for a person, shown as it is; the field goes beside it for forms.
      const [field, message] = Object.entries(fields)[0] ?? ['request', 'The request is not valid. Reload the page and try again.'];
      const body: ErrorResponse = { error: 'Bad Request', message, field, fields, ...(Object.keys(suggestions).length > 0 ? { suggestions } : {}) };
      return reply.status(400).send(body);
    }
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({ error: statusName(error.statusCode), message: error.message, ...error.body });
    }
    if (error instanceof DuplicateValueError) {
      const message = `That ${fieldLabel(error.field).toLowerCase()} is already taken. Choose another one.`;
      return reply.status(409).send({ error: 'Conflict', message, field: error.field, fields: { [error.field]: message } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: unavailableReason(error) }, 'answered 503: the database is unavailable');
      return reply.status(503).header('retry-after', '5').send(DATABASE_UNAVAILABLE);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit;
      return reply.status(413).send({ error: statusName(413), message: `Request body is too large: the limit is ${formatMebibytes(limit)}` });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ error: statusName(415), message: 'Send the request body as JSON (Content-Type: application/json)' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: statusName(status), message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Internal Server Error', message: 'Something went wrong on our side. It has been logged.' });
  });
}
