import type { FastifyReply } from 'fastify';
import { z } from 'zod';

const serialized = new WeakMap<object, string>();

/**
 * Sends an answer object that many requests share (an analytics answer out of the figure cache) as
 * JSON checked against its schema and serialized once: for the larger answers, checking and
 * serializing them for every request cost more than anything else the request did.
 */
export function sendSharedJson<Schema extends z.ZodType<object>>(reply: FastifyReply, schema: Schema, answer: z.output<Schema>): FastifyReply {
  let json = serialized.get(answer);
  if (json === undefined) {
    json = JSON.stringify(z.encode(schema, answer));
    serialized.set(answer, json);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
