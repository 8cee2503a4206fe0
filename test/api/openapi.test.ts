import t, { type Test } from 'tap';
import { createTestApp } from '../helpers/app.js';
import { registeredRoutes } from '../helpers/routes.js';
import { EXPECTED_CSP } from '../helpers/content-security-policy.js';
import { PERMISSIONS } from '../../api/contract/permissions.js';

interface Operation {
  tags?: string[];
  description?: string;
  security?: Record<string, string[]>[];
  'x-permission'?: string;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Registered routes the document leaves out, each with its reason; any other route missing from it
 * fails the test.
 */
const NOT_DOCUMENTED: Record<string, string> = {
  'GET /api/openapi.json': 'the document itself',
  'GET /api/docs': 'the reference page',
  'GET /api/docs/': 'the reference page',
  'GET /api/docs/json': "the reference page's copy of the document",
  'GET /api/docs/yaml': 'the document as YAML, for the reference page',
  'GET /api/docs/static/index.html': "a redirect to the reference page, kept by @fastify/swagger-ui",
  'GET /api/docs/static/swagger-initializer.js': "the reference page's script",
  // printRoutes shows the assets' wildcard, /api/docs/static/*, by the tree's shared prefix.
  'GET /api/docs/*': "the reference page's assets",
  'GET /index.html': "the built console's files, served as they are",
  'GET /assets/index-abc.js': "the built console's files, served as they are",
};

const CONSOLE_PAGE = '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

async function appWithEveryRoute(t: Test) {
  const consoleDir = t.testdir({ 'index.html': CONSOLE_PAGE, assets: { 'index-abc.js': 'console.log("console")' } });
  return createTestApp(t, {
    consoleDir,
    telegramWebhook: { path: '/api/telegram-webhook', secretToken: 'reference-secret', handleUpdate: async () => {} },
  });
}

t.test('GET /api/openapi.json: an OpenAPI 3.1 document of every route, each with its permission, for anyone', async (t) => {
  const { app } = await appWithEveryRoute(t);
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  t.equal(response.statusCode, 200, 'no sign-in needed');
  t.match(response.headers['content-type'], /^application\/json/);
  const document = response.json<OpenApiDocument>();
  t.match(document.openapi, /^3\.1\.\d+$/, 'OpenAPI 3.1');
  t.equal(document.info.title, 'MedContacts API');
  t.equal(document.info.version, '1');
  t.type(document.paths, 'object');

  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation })),
  );
  const documented = new Set(operations.map(({ key }) => key));
  const registered = registeredRoutes(app).map((route) => `${route.method} ${route.url}`);
  t.ok(registered.length > 100, `found ${registered.length} routes`);
  t.strictSame(
    registered.filter((route) => !documented.has(route) && !(route in NOT_DOCUMENTED)),
    [],
    'every registered route is in the document',
  );
  t.strictSame(
    [...documented].filter((route) => !registered.includes(route)),
    [],
    'and the document has no route the app does not serve',
  );
  t.strictSame(
    Object.keys(NOT_DOCUMENTED).filter((route) => !registered.includes(route) || documented.has(route)),
    [],
    'every route left out is served, and left out',
  );

  for (const { key, operation } of operations) {
    const permission = operation['x-permission'];
    if (permission === 'public') {
      // A route's own description (/metrics: its METRICS_TOKEN) comes first.
      t.match(operation.description, /(^|\n\n)Public: no sign-in needed\.$/, `${key}: public`);
      t.strictSame(operation.security, [], `${key}: no bearer token`);
    } else {
      t.ok(permission && permission in PERMISSIONS, `${key}: permission ${permission}`);
      const roles = PERMISSIONS[permission as keyof typeof PERMISSIONS].join(', ');
      t.equal(operation.description, `Permission: \`${permission}\` (${roles}).`, `${key}: the permission in its description`);
      t.strictSame(operation.security, [{ bearerAuth: [] }], `${key}: a bearer token`);
    }
    t.equal(operation.tags?.length, 1, `${key}: grouped under its module`);
  }

  const operation = (key: string) => operations.find((entry) => entry.key === key)?.operation;
  t.match(operation('GET /api/medical-contacts'), { tags: ['Medical contacts'], 'x-permission': 'contacts:read' });
  t.match(operation('DELETE /api/admin/users/:id'), {
    tags: ['Admin users'],
    'x-permission': 'admin-users:delete',
    description: 'Permission: `admin-users:delete` (super_admin).',
  });
  t.match(operation('GET /api/health'), { tags: ['Health'], 'x-permission': 'public' });
  t.match(operation('POST /api/telegram-webhook'), { tags: ['Telegram webhook'], 'x-permission': 'public' });
  t.match(operation('POST /api/auth/login'), { tags: ['Sign-in'], 'x-permission': 'public' });
  const body = operation('POST /api/medical-contacts')?.requestBody?.content['application/json']?.schema.properties;
  t.match(Object.keys(body ?? {}), ['name', 'phone', 'specialty'], "the request body is the contract's zod schema");
  t.match(
    operation('POST /api/medical-contacts/import')?.requestBody?.content['text/csv']?.schema,
    { type: 'string', description: 'The file itself (text/csv), read as it arrives.' },
    'the CSV import takes the file itself as its body',
  );
});

t.test('GET /api/docs: the reference page for anyone, with its own assets, under the console\'s policy', async (t) => {
  const { app } = await appWithEveryRoute(t);
  const page = await app.inject({ method: 'GET', url: '/api/docs' });
  t.equal(page.statusCode, 200, 'no sign-in needed');
  t.match(page.headers['content-type'], /^text\/html/);
  t.equal(page.headers['content-security-policy'], EXPECTED_CSP, "the console's policy, not loosened");
  t.match(page.body, /<title>MedContacts API reference<\/title>/);

  const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  t.equal(scripts.length, 3, 'three scripts');
  for (const [, attributes, content] of scripts) t.equal(content!.trim(), '', `no inline code: ${attributes}`);
  t.notMatch(page.body, /<style\b|\sstyle="|\son[a-z]+="/, 'no inline style or event handler');

  const assets = [...page.body.matchAll(/\s(?:src|href)="([^"]+)"/g)].map(([, url]) => url!);
  t.strictSame(
    assets.filter((url) => !url.startsWith('/api/docs/static/')),
    [],
    'every asset is served here: no CDN',
  );
  for (const url of assets) {
    const asset = await app.inject({ method: 'GET', url });
    t.equal(asset.statusCode, 200, `${url} loads`);
    t.equal(asset.headers['content-security-policy'], EXPECTED_CSP, `${url}: the same policy`);
  }
  const initializer = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
  t.match(initializer.body, /layout: "BaseLayout"|"layout":"BaseLayout"/, 'no top bar: its logo is an inline <style> the policy refuses');
  const copy = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const document = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  t.strictSame(copy.json(), document.json(), 'the page reads the same document');

  const consolePage = await app.inject({ method: 'GET', url: '/medical-contacts' });
  t.equal(consolePage.body, CONSOLE_PAGE, 'the console page');
  t.equal(consolePage.headers['content-security-policy'], EXPECTED_CSP, 'keeps its policy');
});
