import madge from 'madge';
import t from 'tap';

// The layers import one way (docs/architecture.md); a circle, even of types only, ties two modules
// so neither can be read or changed alone.
const graph = await madge(['api', 'bot', 'sql', 'scripts', 'console/src'], {
  baseDir: process.cwd(),
  fileExtensions: ['ts', 'tsx'],
  tsConfig: 'tsconfig.json',
  detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
});

t.test('no module imports itself through others', async (t) => {
  t.ok(Object.keys(graph.obj()).length > 300, 'the whole server and console are read');
  t.strictSame(graph.circular(), []);
});
