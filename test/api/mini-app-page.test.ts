import t, { type Test } from 'tap';
import { createTestApp } from '../helpers/app.js';
import { EXPECTED_CSP } from '../helpers/content-security-policy.js';
import { tileOrigin } from '../../api/plugins/mini-app-page.js';

/** The built page's head as the build writes it (console/mini-app.html): the server rewrites the two <meta> tags. */
const MINI_APP_HTML =
  '<!doctype html><html><head>' +
  '<meta name="map-tile-url" content="https://tile.openstreetmap.org/{z}/{x}/{y}.png" />' +
  '<meta name="map-attribution" content="© OpenStreetMap contributors" />' +
  '<script type="module" src="/assets/mini-app-abc.js"></script></head><body><div id="root"></div></body></html>';

function aBuiltConsole(t: Test): string {
  return t.testdir({ 'index.html': '<!doctype html><html><body><div id="root"></div></body></html>', 'mini-app.html': MINI_APP_HTML });
}

t.test('/app/ serves the Mini App with the default tiles, its own policy and no frame refusal', async (t) => {
  const { app } = await createTestApp(t, { consoleDir: aBuiltConsole(t) });
  const page = await app.inject({ method: 'GET', url: '/app/?latitude=48.85660&longitude=2.35220' });
  t.equal(page.statusCode, 200);
  t.match(page.headers['content-type'], /^text\/html/);
  t.equal(page.headers['cache-control'], 'no-cache');
  t.match(page.body, '<meta name="map-tile-url" content="https://tile.openstreetmap.org/{z}/{x}/{y}.png" />');
  t.match(page.body, '<meta name="map-attribution" content="© OpenStreetMap contributors" />');
  t.equal(
    page.headers['content-security-policy'],
    EXPECTED_CSP.replace("img-src 'self' data:", "img-src 'self' data: https://tile.openstreetmap.org").replace(
      "frame-ancestors 'none'",
      "frame-ancestors 'self' https://web.telegram.org",
    ),
    'the console’s policy, with the tile host’s images, framed only by Telegram’s web client and the console',
  );
  t.equal(page.headers['x-frame-options'], undefined, 'frame-ancestors says who may frame it');

  const bare = await app.inject({ method: 'GET', url: '/app?latitude=1&longitude=2' });
  t.equal(bare.statusCode, 302);
  t.equal(bare.headers.location, '/app/?latitude=1&longitude=2', 'the query goes along');

  const consolePage = await app.inject({ method: 'GET', url: '/' });
  t.equal(consolePage.headers['content-security-policy'], EXPECTED_CSP, 'the console keeps its own policy');
  t.equal(consolePage.headers['x-frame-options'], 'DENY');
});

t.test('MAP_TILE_URL and MAP_ATTRIBUTION reach the page and its policy, escaped', async (t) => {
  const { app } = await createTestApp(t, {
    consoleDir: aBuiltConsole(t),
    mapTiles: { url: 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png?key=a&b=1', attribution: '© "Example" <Maps>' },
  });
  const page = await app.inject({ method: 'GET', url: '/app/' });
  t.match(page.body, '<meta name="map-tile-url" content="https://tiles.example.org:8443/osm/{z}/{x}/{y}.png?key=a&amp;b=1" />');
  t.match(page.body, '<meta name="map-attribution" content="© &quot;Example&quot; &lt;Maps&gt;" />');
  t.match(page.headers['content-security-policy'], "img-src 'self' data: https://tiles.example.org:8443;");
  t.notMatch(page.headers['content-security-policy'], 'openstreetmap');
});

t.test('without a built Mini App, /app/ is the console’s page route as any other', async (t) => {
  const consoleDir = t.testdir({ 'index.html': '<!doctype html><html><body><div id="root"></div></body></html>' });
  const { app } = await createTestApp(t, { consoleDir });
  const page = await app.inject({ method: 'GET', url: '/app/' });
  t.equal(page.headers['content-security-policy'], EXPECTED_CSP);
});

t.test('the tile origin is the template’s scheme, host and port', async (t) => {
  t.equal(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png'), 'https://tile.openstreetmap.org');
  t.equal(tileOrigin('http://127.0.0.1:8080/{z}/{x}/{y}.png'), 'http://127.0.0.1:8080');
});
