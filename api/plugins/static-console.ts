import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built console and answers every other non-API GET with its index.html, so deep
 * links work. Unknown /api paths get a JSON 404.
 */
export async function installConsole(app: FastifyInstance, consoleDir: string | undefined): Promise<void> {
  const servesConsole = consoleDir !== undefined && existsSync(path.join(consoleDir, 'index.html'));
  if (servesConsole) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (servesConsole && request.method === 'GET' && !pathname.startsWith('/api')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: 'Not Found', message: `No route for ${request.method} ${pathname}` });
  });
}
