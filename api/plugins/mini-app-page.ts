import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CONTENT_SECURITY_POLICY, policyHeader } from './security-headers.js';

/** The Mini App's map tiles: an {z}/{x}/{y} template and the credit shown on the map (MAP_TILE_URL, MAP_ATTRIBUTION). */
export interface MapTiles {
  url: string;
  attribution: string;
}

/** OpenStreetMap's standard tiles, with the credit their tile usage policy asks for. */
export const DEFAULT_MAP_TILES: MapTiles = { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' };

/** Where Telegram opens the Mini App (docs/specification.md "Mini App"). */
export const MINI_APP_PATH = '/app/';

/** Telegram's web clients frame the Mini App; its other clients open it in a web view, which frame-ancestors does not govern. */
const TELEGRAM_WEB_CLIENTS = 'https://web.telegram.org';

/** The tile server's origin (scheme, host, port), which the page's img-src allows and nothing else beside its own. */
export function tileOrigin(tileUrl: string): string {
  // {s} subdomain templates are not taken (MAP_TILE_URL names one host), so the braces left are {z}/{x}/{y} in the path.
  return new URL(tileUrl.replaceAll(/[{}]/g, '')).origin;
}

/**
 * The page's policy: the console's, with the tile host's images, and framed by Telegram's web clients and by
 * the console itself (the Bot Sandbox's phone frame).
 */
export function miniAppContentSecurityPolicy(tiles: MapTiles): string {
  return policyHeader({
    ...CONTENT_SECURITY_POLICY,
    'img-src': [...CONTENT_SECURITY_POLICY['img-src'], tileOrigin(tiles.url)],
    'frame-ancestors': ["'self'", TELEGRAM_WEB_CLIENTS],
  });
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The built page with the tile settings in its <meta> tags: the page reads them there, with no inline script. */
export function withMapTiles(html: string, tiles: MapTiles): string {
  return html
    .replace(/(<meta name="map-tile-url" content=")[^"]*(")/, `$1${escapeAttribute(tiles.url)}$2`)
    .replace(/(<meta name="map-attribution" content=")[^"]*(")/, `$1${escapeAttribute(tiles.attribution)}$2`);
}

/**
 * Serves the Mini App's page (console/dist/mini-app.html, the build's second entry) at /app/, with its own
 * Content-Security-Policy; its scripts and styles are the console's hashed /assets/ files.
 */
export function installMiniAppPage(app: FastifyInstance, consoleDir: string | undefined, tiles: MapTiles): void {
  const file = consoleDir === undefined ? undefined : path.join(consoleDir, 'mini-app.html');
  if (file === undefined || !existsSync(file)) return;
  const html = withMapTiles(readFileSync(file, 'utf8'), tiles);
  const policy = miniAppContentSecurityPolicy(tiles);
  app.get(MINI_APP_PATH, { schema: { hide: true } }, (_request, reply) => {
    reply.removeHeader('x-frame-options');
    return reply.header('content-security-policy', policy).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
  const bare = MINI_APP_PATH.slice(0, -1);
  app.get(bare, { schema: { hide: true } }, (request, reply) => reply.redirect(MINI_APP_PATH + request.url.slice(bare.length)));
}
