import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request lines, quieter: one debug line per answered request in place of two multi-line
 * info entries per request, which buried the start banner and everything the product says at info
 * (LOG_LEVEL=debug shows them). A request that failed in the reply is still logged as an error.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.debug(`${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(0)} ms`);
  }
}
