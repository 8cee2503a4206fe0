import t from 'tap';
import type { InjectOptions } from 'fastify';
import { Readable } from 'node:stream';
import { createTestApp } from '../helpers/app.js';
import { importRequest } from '../helpers/imports.js';
import { registeredRoutes } from '../helpers/routes.js';

const MIB = 1024 * 1024;
/** The two CSV import routes take the file itself as their body, up to 512 MiB. */
const IMPORT_ROUTES = ['POST /api/medical-contacts/import/preview', 'POST /api/medical-contacts/import'];

t.test('request bodies are limited on every route', async (t) => {
  const { app, db, call, userWithToken } = await createTestApp(t);
  const { token } = await userWithToken('super_admin');
  const contactCount = async () => (await db.sql`SELECT count(*)::int AS n FROM medical_contacts`)[0]!.n as number;

  t.test('a body over 1 MiB is a 413 naming the limit, on every route that is not an import', async (t) => {
    const overLimit = JSON.stringify({ name: 'x'.repeat(MIB) });
    const routes = registeredRoutes(app).filter((route) => !['GET', 'HEAD'].includes(route.method));
    t.ok(routes.length > 40, `${routes.length} routes take a body`);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      // Without the simulator the Bot Sandbox answers 409 before it reads any body.
      if (IMPORT_ROUTES.includes(key) || route.url.startsWith('/api/bot-sandbox/')) continue;
      const url = route.url.replaceAll(/:[A-Za-z]+/g, '1');
      const response = await call(token, { method: route.method as InjectOptions['method'], url, payload: overLimit, headers: { 'content-type': 'application/json' } });
      t.equal(response.statusCode, 413, key);
      t.strictSame(response.json(), { error: 'Payload Too Large', message: 'Request body is too large: the limit is 1 MiB' }, key);
    }
  });

  t.test('nothing is created by a refused body', async (t) => {
    const before = await contactCount();
    const response = await call(token, {
      method: 'POST',
      url: '/api/medical-contacts',
      payload: { name: 'Dr Huge', phone: '+1 555 0100', city: 'Oslo', region: 'Oslo', country: 'Norway', notes: 'x'.repeat(MIB) },
    });
    t.equal(response.statusCode, 413);
    t.equal(await contactCount(), before);
  });

  t.test('the CSV import takes its file as the body, more than 1 MiB, up to 512 MiB', async (t) => {
    const csv = `Name,Phone,City,Region,Country\n${'Dr Row,+1 555 0100,,,\n'.repeat(Math.ceil((2 * MIB) / 20))}`;
    const accepted = await call(token, importRequest('preview', csv));
    t.equal(accepted.statusCode, 200, 'a 2 MiB file is previewed');
    t.ok(accepted.json().totalRows > 100_000);

    for (const route of ['preview', 'import'] as const) {
      // Told by its length before a byte is read: nothing of it needs to arrive.
      const request = importRequest(route, Readable.from([csv]));
      const refused = await call(token, { ...request, headers: { ...request.headers, 'content-length': String(512 * MIB + 1) } });
      t.equal(refused.statusCode, 413, route);
      t.strictSame(refused.json(), { error: 'Payload Too Large', message: 'Request body is too large: the limit is 512 MiB' }, route);
    }
    t.equal((await db.sql`SELECT count(*)::int AS n FROM contact_imports`)[0]!.n, 0, 'no import was started');
  });

  t.test('a body that is not JSON is a 400 or 415 with a clear message', async (t) => {
    const send = (payload: string, contentType: string) =>
      call(token, { method: 'POST', url: '/api/medical-contacts', payload, headers: { 'content-type': contentType } });

    const broken = await send('{"name": "Dr Broken",', 'application/json');
    t.equal(broken.statusCode, 400);
    t.strictSame(broken.json(), { error: 'Bad Request', message: "Body is not valid JSON but content-type is set to 'application/json'" });

    const empty = await send('', 'application/json');
    t.equal(empty.statusCode, 400);
    t.strictSame(empty.json(), { error: 'Bad Request', message: "Body cannot be empty when content-type is set to 'application/json'" });

    const poisoned = await send('{"__proto__": {"isAdmin": true}, "name": "Dr Proto"}', 'application/json');
    t.equal(poisoned.statusCode, 400, 'a prototype-poisoning key is refused');

    const form = await send('name=Dr+Form', 'application/x-www-form-urlencoded');
    t.equal(form.statusCode, 415);
    t.strictSame(form.json(), { error: 'Unsupported Media Type', message: 'Send the request body as JSON (Content-Type: application/json)' });

    t.equal(await contactCount(), 0, 'no contact was created');
  });
});
