import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Where the console's built files live; anything under it that is not a file is a 404, never the page. */
const ASSETS_PREFIX = '/assets/';

/**
 * A path the console's router answers (a deep link): not the API, not a built file. Only these get
 * index.html; a missing script or stylesheet answered with HTML would fail obscurely in the browser.
 */
function isPageRoute(pathname: string): boolean {
  return pathname !== '/api' && !pathname.startsWith('/api/') && !pathname.startsWith(ASSETS_PREFIX);
}

/**
 * Serves the built console and answers the console's page routes with its index.html, so deep links
 * work. Source maps are never served (the build writes them outside console/dist, and a stray one is
 * refused too). Unknown /api paths and missing files get a JSON 404.
 */
export async function installConsole(app: FastifyInstance, consoleDir: string | undefined): Promise<void> {
  const servesConsole = consoleDir !== undefined && existsSync(path.join(consoleDir, 'index.html'));
  if (servesConsole) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      wildcard: false,
      index: false,
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      // Runs after the plugin's own headers (its `public, max-age=0` included), so this cache policy is the one sent.
      setHeaders: (reply, filePath) => {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (servesConsole && request.method === 'GET' && isPageRoute(pathname)) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ error: 'Not Found', message: `No route for ${request.method} ${pathname}` });
  });
}
