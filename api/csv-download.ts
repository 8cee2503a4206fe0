import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** Sends CSV text or a CSV stream as a file the browser saves under `fileName`. */
export function sendCsvFile(reply: FastifyReply, fileName: string, csv: string | Readable): FastifyReply {
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
}
