import t from 'tap';
import { LOGIN_JAVASCRIPT_BUDGET_KB, loginScreenAssets, measureConsole } from '../../bench/console.js';
import { seedDemoData } from '../../scripts/seed-demo.js';
import { launchBrowser } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

// The console's size budgets, checked on the built console: sizes, not timings.
const server = await startTestServer();
t.teardown(() => server.close());

t.test('the login screen loads at most 150 KB of gzip JavaScript and no chart library', async (t) => {
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const scripts = (await loginScreenAssets(browser, server.url)).filter((asset) => asset.type === 'script');
  const kilobytes = scripts.reduce((total, asset) => total + asset.gzipBytes, 0) / 1000;
  const files = scripts.map((asset) => `${asset.url} ${(asset.gzipBytes / 1000).toFixed(1)} KB`).join(', ');
  t.ok(scripts.length > 0, 'the login screen loads the console');
  t.ok(kilobytes <= LOGIN_JAVASCRIPT_BUDGET_KB, `${kilobytes.toFixed(1)} KB of gzip JavaScript: ${files}`);
  t.same(
    scripts.filter((asset) => asset.charts).map((asset) => asset.url),
    [],
    'no file of the chart library',
  );
});

t.test('the benchmark finds the chart library with the chart screens only', async (t) => {
  await seedDemoData(server.sql);
  const section = await measureConsole({ baseUrl: server.url, username: 'root', password: 'root-password-for-tests' }, { loads: 1 });
  const figure = (metric: string) => section.figures.find((candidate) => candidate.metric === metric);
  t.same(figure('Console screens that load the chart library without drawing charts'), {
    metric: 'Console screens that load the chart library without drawing charts',
    value: 0,
    unit: 'screens',
    target: { op: '<', value: 1 },
    detail: 'chart library loaded by Dashboard, Analytics, Geographic Analytics, Contact Analytics',
  });
  t.ok((figure('Console login screen JavaScript (gzip)')?.value ?? Infinity) <= LOGIN_JAVASCRIPT_BUDGET_KB, 'the login figure is within budget');
  t.equal(section.figures.filter((candidate) => candidate.metric.startsWith('Console JavaScript added by ')).length, 15, 'a row per screen');
  for (const screen of ['Dashboard', 'Medical Contacts']) {
    const rendered = figure(`Console ${screen} time to fully rendered p95`);
    t.ok(rendered && rendered.value > 0, `${screen} renders`);
    t.match(rendered?.detail, /^n = 1 cached loads; /, `${screen}: one timed load`);
  }
});
