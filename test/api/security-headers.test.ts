import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import t, { type Test } from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp } from '../helpers/app.js';
import { EXPECTED_CSP } from '../helpers/content-security-policy.js';

function checkSecurityHeaders(t: Test, response: LightMyRequestResponse, what: string): void {
  const headers = response.headers;
  t.equal(headers['content-security-policy'], EXPECTED_CSP, `${what}: Content-Security-Policy`);
  t.equal(headers['x-frame-options'], 'DENY', `${what}: X-Frame-Options`);
  t.equal(headers['x-content-type-options'], 'nosniff', `${what}: X-Content-Type-Options`);
  t.equal(headers['referrer-policy'], 'no-referrer', `${what}: Referrer-Policy`);
  t.equal(headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', `${what}: Strict-Transport-Security`);
  t.equal(headers['cross-origin-opener-policy'], 'same-origin', `${what}: Cross-Origin-Opener-Policy`);
  t.equal(headers['cross-origin-resource-policy'], 'same-origin', `${what}: Cross-Origin-Resource-Policy`);
  t.notOk(headers['x-powered-by'], `${what}: no X-Powered-By`);
}

t.test('security headers on the console, its assets and the API', async (t) => {
  const consoleDir = t.testdir({
    'index.html': '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
    assets: { 'index-abc.js': 'console.log("console")' },
  });
  const { app, call, userWithToken } = await createTestApp(t, { consoleDir });
  const { token } = await userWithToken('viewer');

  const page = await app.inject({ method: 'GET', url: '/' });
  t.equal(page.statusCode, 200);
  t.match(page.headers['content-type'], /^text\/html/);
  checkSecurityHeaders(t, page, 'the console page');

  const deepLink = await app.inject({ method: 'GET', url: '/medical-contacts?page=2' });
  t.equal(deepLink.statusCode, 200);
  checkSecurityHeaders(t, deepLink, 'a deep link answered with index.html');

  const asset = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
  t.equal(asset.statusCode, 200);
  t.equal(asset.body, 'console.log("console")');
  checkSecurityHeaders(t, asset, 'a static asset');

  const api = await call(token, { method: 'GET', url: '/api/medical-contacts' });
  t.equal(api.statusCode, 200);
  checkSecurityHeaders(t, api, 'an API response');

  const refused = await app.inject({ method: 'GET', url: '/api/medical-contacts' });
  t.equal(refused.statusCode, 401);
  checkSecurityHeaders(t, refused, 'a refused API request');

  const unknown = await app.inject({ method: 'GET', url: '/api/nothing-here' });
  t.equal(unknown.statusCode, 404);
  checkSecurityHeaders(t, unknown, 'an unknown API path');
});

const BUILT_CONSOLE = 'console/dist/index.html';

t.test('the built console has no inline script or style for the policy to refuse', { skip: !existsSync(BUILT_CONSOLE) && 'npm run build:console first' }, async (t) => {
  const html = await readFile(BUILT_CONSOLE, 'utf8');
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  t.ok(scripts.length > 0, 'it loads a script');
  for (const [, attributes, body] of scripts) {
    t.match(attributes, /\bsrc="\/assets\/[^"]+\.js"/, 'each script is a file of the console');
    t.equal(body!.trim(), '', 'and has no inline code');
  }
  t.notMatch(html, /<style\b/, 'no inline <style>');
  t.notMatch(html, /\sstyle="/, 'no style attribute');
  t.notMatch(html, /\son[a-z]+="/, 'no inline event handler');
});

t.test('only page routes get the console page: a missing file is a 404, and no source map is served', async (t) => {
  const consoleDir = t.testdir({
    'index.html': '<!doctype html><html><body><div id="root"></div></body></html>',
    assets: { 'index-abc.js': 'console.log("console")', 'index-abc.js.map': '{"version":3}' },
  });
  const { app } = await createTestApp(t, { consoleDir });
  for (const url of ['/assets/missing.js', '/assets/index-abc.js.map', '/assets/', '/assets/deep/missing.css', '/api', '/api/nothing-here']) {
    const response = await app.inject({ method: 'GET', url });
    t.equal(response.statusCode, 404, `${url}: 404`);
    t.match(response.headers['content-type'], /^application\/json/, `${url}: not the page`);
  }
  for (const url of ['/', '/users', '/messaging/templates?x=1', '/login']) {
    const page = await app.inject({ method: 'GET', url });
    t.equal(page.statusCode, 200, `${url}: the page`);
    t.match(page.headers['content-type'], /^text\/html/);
  }
});

t.test('the console build writes no source map where it is served', { skip: !existsSync(BUILT_CONSOLE) && 'npm run build:console first' }, async (t) => {
  const files = await readdir('console/dist', { recursive: true });
  t.strictSame(files.filter((file) => file.endsWith('.map')), [], 'no .map file in console/dist');
  for (const file of files.filter((name) => name.endsWith('.js'))) {
    t.notMatch(await readFile(`console/dist/${file}`, 'utf8'), /sourceMappingURL=/, `${file} points to no source map`);
  }
});
