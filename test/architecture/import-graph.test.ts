import madge from 'madge';
import t from 'tap';

/** The import graph of some folders, type imports included, resolved as the given tsconfig resolves them. */
function importGraph(folders: string[], tsConfig: string | object) {
  return madge(folders, {
    baseDir: process.cwd(),
    fileExtensions: ['ts', 'tsx'],
    tsConfig,
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
}

// The layers import one way (docs/architecture.md); a circle, even of types only, ties two modules
// so neither can be read or changed alone. The console resolves the contract through its @contract alias.
const server = await importGraph(['api', 'bot', 'sql', 'scripts'], 'tsconfig.json');
// madge does not follow console/tsconfig.json's relative `paths`: the alias is given here with an absolute base.
const console = await importGraph(['console/src'], {
  compilerOptions: { baseUrl: process.cwd(), paths: { '@contract/*': ['api/contract/*'] }, module: 'NodeNext', moduleResolution: 'NodeNext', jsx: 'react-jsx' },
});

t.test('no module imports itself through others', async (t) => {
  t.ok(Object.keys(server.obj()).length > 150, 'the whole server is read');
  t.strictSame(server.circular(), [], 'server');
  const consoleImports = Object.values(console.obj()).flat();
  t.ok(consoleImports.some((file) => file.startsWith('api/contract/')), 'the console graph follows @contract imports into the contract');
  t.strictSame(console.circular(), [], 'console');
});
