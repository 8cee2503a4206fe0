import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { isMajorBehind, PackageManifestSchema, reportDependencies } from '../../scripts/dependency-report.js';
import { childEnvWithoutCoverage, freePort, LOAD_TYPESCRIPT } from '../helpers/child-env.js';

const run = promisify(execFile);

t.test('a major behind: a new major, or below 1.0.0 a new minor', async (t) => {
  t.equal(isMajorBehind('1.0.41', '2.0.10'), true);
  t.equal(isMajorBehind('5.6.0', '7.0.3'), true);
  t.equal(isMajorBehind('0.5.14', '0.6.0'), true, 'below 1.0.0 a minor may break');
  t.equal(isMajorBehind('0.0.3', '0.0.4'), true, 'below 0.1.0 a patch may break');
  t.equal(isMajorBehind('0.5.14', '0.5.17'), false);
  t.equal(isMajorBehind('13.0.2', '13.2.0'), false);
  t.equal(isMajorBehind('2.0.0', '2.0.0'), false);
  t.equal(isMajorBehind('3.0.0', '2.9.0'), false, 'a pin past the latest tag is not behind');
  t.equal(isMajorBehind('2.0.0-rc.1', '2.0.0'), false, 'a prerelease of the same major');
});

t.test('all current: one line, exit 0', async (t) => {
  const report = reportDependencies(
    [
      { name: 'fastify', pinned: '5.12.8', newest: '5.12.8' },
      { name: 'zod', pinned: '4.6.7', newest: '4.6.7' },
    ],
    {},
  );
  t.strictSame(report, { lines: ['No production dependency is behind its newest release (2 compared).'], exitCode: 0 });
});

t.test('those behind, with the reasons of those held back; a major behind with a reason passes', async (t) => {
  const report = reportDependencies(
    [
      { name: '@electric-sql/pglite', pinned: '0.5.14', newest: '0.5.17' },
      { name: 'fastify', pinned: '5.12.8', newest: '5.12.8' },
      { name: 'ua-parser-js', pinned: '1.0.41', newest: '2.0.10' },
      { name: 'zod', pinned: '4.6.7', newest: '4.7.0' },
    ],
    { '@electric-sql/pglite': 'moves with pglite-socket', 'ua-parser-js': '2.x is AGPL-3.0-or-later; 1.x is MIT.' },
  );
  t.strictSame(report.lines, [
    'Behind the newest release: 3 of 4 production dependencies.',
    'name                  pinned  newest  major behind',
    '@electric-sql/pglite  0.5.14  0.5.17  no',
    '  held back: moves with pglite-socket',
    'ua-parser-js          1.0.41  2.0.10  yes',
    '  held back: 2.x is AGPL-3.0-or-later; 1.x is MIT.',
    'zod                   4.6.7   4.7.0   no',
  ]);
  t.equal(report.exitCode, 0, 'a minor behind needs no reason');
});

t.test('a major behind with no reason fails the check', async (t) => {
  const report = reportDependencies(
    [
      { name: 'csv-parse', pinned: '5.6.0', newest: '7.0.3' },
      { name: 'ua-parser-js', pinned: '1.0.41', newest: '2.0.10' },
    ],
    { 'ua-parser-js': '2.x is AGPL-3.0-or-later; 1.x is MIT.' },
  );
  t.strictSame(report.lines, [
    'Behind the newest release: 2 of 2 production dependencies.',
    'name          pinned  newest  major behind',
    'csv-parse     5.6.0   7.0.3   yes',
    '  no reason given: upgrade it, or say why under "heldBack" in package.json.',
    'ua-parser-js  1.0.41  2.0.10  yes',
    '  held back: 2.x is AGPL-3.0-or-later; 1.x is MIT.',
    'To see to before this check passes: csv-parse.',
  ]);
  t.equal(report.exitCode, 1);
});

t.test('a package the registry does not have fails; a pin that is not a version is named and not compared', async (t) => {
  const releases = [
    { name: 'gone-from-registry', pinned: '1.0.0', newest: null },
    { name: 'local-thing', pinned: 'file:../local-thing', newest: '1.0.0' },
    { name: 'zod', pinned: '4.6.7', newest: '4.6.7' },
  ];
  t.strictSame(reportDependencies(releases, {}), {
    lines: [
      'gone-from-registry: the registry has no such package.',
      'local-thing: "file:../local-thing" is not an exact version, so it was not compared.',
      'No production dependency is behind its newest release (1 compared).',
      'To see to before this check passes: gone-from-registry.',
    ],
    exitCode: 1,
  });
});

t.test('a reason left for a dependency that caught up, or is gone, is pointed out without failing', async (t) => {
  const report = reportDependencies([{ name: 'csv-parse', pinned: '7.0.3', newest: '7.0.3' }], {
    'csv-parse': '7.x types records as string[][]',
    'left-package': 'no longer used',
  });
  t.strictSame(report, {
    lines: [
      'No production dependency is behind its newest release (1 compared).',
      'heldBack names csv-parse, which is at its newest release: remove its reason.',
      'heldBack names left-package, which is not a production dependency: remove its reason.',
    ],
    exitCode: 0,
  });
});

t.test('package.json: a held-back entry must give a reason', async (t) => {
  t.strictSame(PackageManifestSchema.parse({ name: 'x' }), { dependencies: {}, heldBack: {} });
  const empty = PackageManifestSchema.safeParse({ dependencies: { a: '1.0.0' }, heldBack: { a: '  ' } });
  t.equal(empty.success, false);
  t.equal(empty.error?.issues[0]?.message, 'each heldBack reason must say why');
});

t.test("every reason in the project's package.json is for one of its production dependencies", async (t) => {
  const { dependencies, heldBack } = PackageManifestSchema.parse(JSON.parse(await readFile('package.json', 'utf8')));
  t.ok(Object.keys(heldBack).length > 0);
  for (const name of Object.keys(heldBack)) t.ok(name in dependencies, `${name} is a production dependency`);
});

/** Runs `npm run deps` in `dir` against the registry at `registry`, with its own npm cache. */
async function runDeps(dir: string, registry: string) {
  const env = childEnvWithoutCoverage({ npm_config_registry: registry, npm_config_cache: path.join(dir, 'npm-cache') });
  return run(process.execPath, [...LOAD_TYPESCRIPT, path.resolve('scripts/deps.ts')], { cwd: dir, env }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

t.test('npm run deps asks the configured registry, and fails on a major behind with no reason', async (t) => {
  const LATEST: Record<string, string> = { 'left-pad': '2.1.0', '@scope/kept': '3.0.0', 'current-thing': '1.2.3' };
  const registry = createServer((request, response) => {
    const name = decodeURIComponent(request.url!.slice(1));
    const latest = LATEST[name];
    if (!latest) return response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    const body = { name, 'dist-tags': { latest }, versions: { [latest]: { name, version: latest } } };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => registry.listen(port, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => registry.close(resolve)));
  const dir = t.testdir({
    'package.json': JSON.stringify({
      dependencies: { 'left-pad': '1.3.0', '@scope/kept': '2.0.0', 'current-thing': '1.2.3' },
      heldBack: { '@scope/kept': '3.x needs Node 24' },
    }),
  });

  const { code, stdout } = await runDeps(dir, `http://127.0.0.1:${port}/`);
  t.equal(stdout, [
    'Behind the newest release: 2 of 3 production dependencies.',
    'name         pinned  newest  major behind',
    '@scope/kept  2.0.0   3.0.0   yes',
    '  held back: 3.x needs Node 24',
    'left-pad     1.3.0   2.1.0   yes',
    '  no reason given: upgrade it, or say why under "heldBack" in package.json.',
    'To see to before this check passes: left-pad.',
    '',
  ].join('\n'));
  t.equal(code, 1);
});

t.test('npm run deps skips, exit 0, when the registry cannot be reached', async (t) => {
  const dir = t.testdir({ 'package.json': JSON.stringify({ dependencies: { 'left-pad': '1.3.0' } }) });
  const port = await freePort();
  const { code, stdout } = await runDeps(dir, `http://127.0.0.1:${port}/`);
  t.equal(code, 0);
  t.match(stdout, new RegExp(`^npm run deps skipped: the npm registry did not answer: .*ECONNREFUSED 127\\.0\\.0\\.1:${port}\\n$`));
});
