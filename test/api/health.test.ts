import t from 'tap';
import { createTestApp } from '../helpers/app.js';

t.test('GET /api/health answers without authentication', async (t) => {
  const { app } = await createTestApp(t);
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  t.equal(response.statusCode, 200);
  t.same(response.json(), { status: 'ok', db: 'ok', bot: 'not_running' });
});

t.test('an unknown API path is a JSON 404', async (t) => {
  const { app } = await createTestApp(t);
  const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
  t.equal(response.statusCode, 404);
  t.equal(response.json().message, 'No route for GET /api/nothing-here');
});
