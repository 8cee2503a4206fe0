import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { buildIfChanged, type BuildTarget } from '../../scripts/build-if-changed.js';

/** A checkout with a console and a server to build; each build writes its output and is counted. */
function checkout(t: Test) {
  const root = mkdtempSync(path.join(tmpdir(), 'build-if-changed-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('console/src/main.tsx', 'render()');
  write('api/contract/roles.ts', "export const ROLES = ['viewer'];");
  write('api/routes/health.ts', 'export {}');
  write('package-lock.json', '{}');
  const targets: BuildTarget[] = [
    { name: 'console', script: 'build:console', inputs: ['console', 'api/contract', 'package-lock.json'], output: 'console/dist/index.html' },
    { name: 'server', script: 'build:server', inputs: ['api', 'package-lock.json'], output: 'dist/start.js' },
  ];
  const runs: string[] = [];
  const start = () =>
    buildIfChanged(root, path.join(root, '.stamps'), targets, (target) => {
      runs.push(target.name);
      write(target.output, `built ${runs.length}`);
    });
  return { write, start, runs, remove: (file: string) => rmSync(path.join(root, file)) };
}

t.test('the first start builds both; an unchanged checkout builds nothing', async (t) => {
  const { start } = checkout(t);
  t.strictSame(start(), { built: ['console', 'server'], skipped: [] });
  t.strictSame(start(), { built: [], skipped: ['console', 'server'] });
});

t.test('a changed source rebuilds what reads it, and only that', async (t) => {
  const { write, start } = checkout(t);
  start();
  write('api/routes/health.ts', 'export const changed = true;');
  t.strictSame(start(), { built: ['server'], skipped: ['console'] }, 'a route: the server');
  write('console/src/main.tsx', 'render(<App />)');
  t.strictSame(start(), { built: ['console'], skipped: ['server'] }, 'a screen: the console');
  write('api/contract/roles.ts', "export const ROLES = ['viewer', 'editor'];");
  t.strictSame(start(), { built: ['console', 'server'], skipped: [] }, 'the contract: both');
  write('console/src/new-screen.tsx', 'export {}');
  t.strictSame(start(), { built: ['console'], skipped: ['server'] }, 'a new file');
  write('package-lock.json', '{"lockfileVersion": 3}');
  t.strictSame(start(), { built: ['console', 'server'], skipped: [] }, 'other packages: both');
});

t.test('the build output is not an input; a deleted or hand-built output is rebuilt', async (t) => {
  const { write, start, remove } = checkout(t);
  start();
  write('console/dist/assets/extra.js', 'x');
  t.strictSame(start().skipped, ['console', 'server'], 'console/dist changing is no reason');
  remove('dist/start.js');
  t.strictSame(start(), { built: ['server'], skipped: ['console'] }, 'deleted');
  write('console/dist/index.html', 'built by hand from other sources');
  t.strictSame(start(), { built: ['console'], skipped: ['server'] }, 'written since the stamp');
});
