import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * The Content-Security-Policy of every response: the console runs only its own scripts and
 * stylesheets (Vite emits no inline script; sonner's injected <style> is moved into the
 * stylesheet at build time), talks only to its own origin, and may not be framed. `data:` images
 * are the form controls' SVG icons in the stylesheet.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

type PolicyDirectives = Record<string, readonly string[]>;

/** A policy as its header writes it, as helmet does: `name source source;name source`. */
export function policyHeader(directives: PolicyDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

/**
 * Security headers (helmet) on every response, API and console alike, set before the access
 * check so refusals carry them too. No upgrade-insecure-requests: an operator may serve plain
 * HTTP on a private network, where upgrading the console's own requests would break it.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([name, sources]) => [name, [...sources]])),
    },
    frameguard: { action: 'deny' },
  });
}
