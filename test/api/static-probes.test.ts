import path from 'node:path';
import t from 'tap';
import { createTestApp } from '../helpers/app.js';

const OUTSIDE = 'OUTSIDE THE CONSOLE: never served';
const SOURCE_MAP = '{"version":3,"sources":["secret-source.ts"]}';

/**
 * Probes of the published path-traversal, route-guard and allowedPath advisories of
 * @fastify/static, sent at the console's static routes. The console folder sits beside a file
 * that must never be served, and holds source maps that must never be served either.
 */
const PROBES = [
  '/%2e%2e/outside.txt',
  '/%2e%2e/',
  '/%2E%2E/%2E%2E/outside.txt',
  '/assets/..%2f..%2foutside.txt',
  '/assets/..%2F..%2Foutside.txt',
  '/assets/%2e%2e%2f%2e%2e%2foutside.txt',
  '/assets/..%5c..%5coutside.txt',
  '/..%5coutside.txt',
  '/..%2foutside.txt',
  '/assets%2f..%2f..%2foutside.txt',
  '/%252e%252e/outside.txt',
  '/assets/%252e%252e%252f%252e%252e%252foutside.txt',
  '/assets/../../outside.txt',
  '/../outside.txt',
  '//outside.txt',
  '//index.html',
  '//assets/index-abc.js.map',
  '/./assets/index-abc.js.map',
  '/assets/./index-abc.js.map',
  '/assets//index-abc.js.map',
  '/assets/%2e/index-abc.js.map',
  '/%2e/assets/index-abc.js.map',
  '/assets/x/../index-abc.js.map',
  '/assets/x/..%2findex-abc.js.map',
  '/assets%2findex-abc.js.map',
  '/assets/index-abc.js.ma%70',
  '/assets/index-abc.js%2emap',
  '/assets/index-abc.js.map%00',
  '/assets/index-abc.js.map/',
  '/assets/index-abc.js.map?x=1',
  '/root.js.map',
  '/./root.js.map',
  '//root.js.map',
];

t.test('no probe of the static advisories reaches a file outside the console, a source map, or a 5xx', async (t) => {
  const root = t.testdir({
    'outside.txt': OUTSIDE,
    console: {
      'index.html': '<!doctype html><html><body><div id="root"></div></body></html>',
      'root.js.map': SOURCE_MAP,
      assets: { 'index-abc.js': 'console.log("console")', 'index-abc.js.map': SOURCE_MAP },
    },
  });
  const { app } = await createTestApp(t, { consoleDir: path.join(root, 'console') });

  for (const url of PROBES) {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await app.inject({ method, url });
      t.ok(response.statusCode < 500, `${method} ${url}: no 5xx (${response.statusCode})`);
      t.notMatch(response.body, /OUTSIDE THE CONSOLE/, `${method} ${url}: not the outside file`);
      t.notMatch(response.body, /"version":3/, `${method} ${url}: not a source map`);
    }
  }
});

t.test('the console is still served: the page, an asset with its long cache, a deep link', async (t) => {
  const consoleDir = t.testdir({
    'index.html': '<!doctype html><html><body><div id="root"></div></body></html>',
    assets: { 'index-abc.js': 'console.log("console")', 'index-abc.js.map': SOURCE_MAP },
  });
  const { app } = await createTestApp(t, { consoleDir });

  const page = await app.inject({ method: 'GET', url: '/' });
  t.equal(page.statusCode, 200);
  t.match(page.headers['content-type'], /^text\/html/);
  t.equal(page.headers['cache-control'], 'no-cache');

  const asset = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
  t.equal(asset.statusCode, 200);
  t.equal(asset.body, 'console.log("console")');
  t.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');

  const index = await app.inject({ method: 'GET', url: '/index.html' });
  t.equal(index.statusCode, 200);
  t.equal(index.headers['cache-control'], 'no-cache');

  const deepLink = await app.inject({ method: 'GET', url: '/medical-contacts/12' });
  t.equal(deepLink.statusCode, 200);
  t.match(deepLink.body, /<div id="root">/);
  t.equal(deepLink.headers['cache-control'], 'no-cache');
});
