import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

// The docs and the README describe the code as it is (docs/README.md): every path and identifier they
// name in backticks exists, and code comments cite documents that exist, never an issue number.

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
const trackedSet = new Set(tracked);
const folders = new Set(tracked.flatMap((file) => file.split('/').slice(0, -1).map((_, index, parts) => parts.slice(0, index + 1).join('/'))));
const basenames = new Set(tracked.map((file) => path.basename(file)));

/** What the build, the install and a running product make: named in the docs, absent from a checkout. */
const MADE_AT_RUN_TIME = /^(dist|console\/dist|node_modules|data|\.tap|coverage|bench\/results|console\/sourcemaps|DATA_DIR)(\/|$)|\.env$/;
/** The original design documents the docs say they replace; they were never in the repository. */
const ORIGINAL_DOCUMENTS = new Set(['ARCHITECTURE.md', 'BOT.md', 'STYLE.md']);
/** A placeholder in a pattern (`migrations/NNN_name.sql`, `createX`), or a media type: not a name of the code. */
const NOT_A_NAME = /NNN|^(application|text|image)\/|^[a-z]+X(\(\))?$/;
const packageJson = JSON.parse(await readFile('package.json', 'utf8')) as Record<string, Record<string, string> | undefined>;
const packages = new Set([...Object.keys(packageJson.dependencies ?? {}), ...Object.keys(packageJson.devDependencies ?? {})]);

const CODE = /\.(ts|tsx|js|sql|css|html)$/;
const codeFiles = tracked.filter((file) => CODE.test(file) && !file.startsWith('docs/'));
const codeText = (await Promise.all(codeFiles.map((file) => readFile(file, 'utf8')))).join('\n');

const documents = ['README.md', ...tracked.filter((file) => /^docs\/[^/]+\.md$/.test(file))];

/** Inline code spans outside fenced blocks, with the line they are on. */
function codeSpans(text: string): { span: string; line: number }[] {
  const spans: { span: string; line: number }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const match of line.matchAll(/`([^`]+)`/g)) spans.push({ span: match[1]!, line: index + 1 });
  });
  return spans;
}

/** A repository path: folders and a file, no spaces, URLs, absolute paths, globs or placeholders. */
const PATH = /^(?:\.{0,2}[\w@-][\w.@-]*\/)+[\w.@-]*$|^[\w-]+\.(?:ts|tsx|sql|md|json|yml|cjs|js)$/;
/** camelCase or PascalCase with a capital inside: a function, type or component of the code. */
const IDENTIFIER = /^(?:[a-z][a-z0-9]*[A-Z]|[A-Z][a-z0-9]+[A-Z])[A-Za-z0-9]*(?:\(\))?$/;

/**
 * A path from the root, from the document's folder, or the tail of one (the docs name `features/` or
 * `app/route-gate.tsx` under a folder the sentence has named); an npm package by its name.
 */
function pathExists(reference: string, document: string): boolean {
  if (reference.startsWith('@')) return packages.has(reference);
  const candidates = [reference, path.posix.normalize(path.posix.join(path.posix.dirname(document), reference))].map((candidate) => candidate.replace(/\/$/, ''));
  if (candidates.some((candidate) => trackedSet.has(candidate) || folders.has(candidate) || MADE_AT_RUN_TIME.test(candidate))) return true;
  const tail = `/${candidates[0]}`;
  return basenames.has(reference) || tracked.some((file) => file.endsWith(tail)) || [...folders].some((folder) => folder.endsWith(tail));
}

t.test('every backticked path and identifier in the docs and the README exists in the code', async (t) => {
  const missing: string[] = [];
  let checked = 0;
  for (const document of documents) {
    for (const { span, line } of codeSpans(await readFile(document, 'utf8'))) {
      if (NOT_A_NAME.test(span) || ORIGINAL_DOCUMENTS.has(span)) continue;
      if (PATH.test(span) && !span.includes('://')) {
        checked++;
        // A name the code spells as a string (an ESLint rule's id) is not a file.
        const quoted = codeText.includes(`'${span}'`);
        if (!pathExists(span, document) && !quoted) missing.push(`${document}:${line}: path ${span}`);
      } else if (IDENTIFIER.test(span)) {
        checked++;
        const name = span.replace(/\(\)$/, '');
        if (!new RegExp(`\\b${name}\\b`).test(codeText)) missing.push(`${document}:${line}: identifier ${span}`);
      }
    }
  }
  t.ok(checked > 300, `the docs name many paths and identifiers (${checked} checked)`);
  t.strictSame(missing, []);
});

t.test('code comments cite documents that exist, and no issue number', async (t) => {
  const offending: string[] = [];
  // This file names the old documents to find them.
  const self = path.relative(process.cwd(), fileURLToPath(import.meta.url));
  const sources = tracked.filter((file) => (CODE.test(file) || file === 'Dockerfile' || file.startsWith('.ci/')) && !file.startsWith('docs/') && file !== self);
  for (const file of sources) {
    (await readFile(file, 'utf8')).split('\n').forEach((line, index) => {
      if (/\b(?:ARCHITECTURE|BOT|STYLE|SPECIFICATION)\.md\b/.test(line)) offending.push(`${file}:${index + 1}: an old document name`);
      for (const cited of line.matchAll(/\bdocs\/[\w-]+\.md\b/g)) {
        if (!trackedSet.has(cited[0])) offending.push(`${file}:${index + 1}: ${cited[0]} does not exist`);
      }
      if (/\bissues? #?\d+/i.test(line)) offending.push(`${file}:${index + 1}: an issue number`);
    });
  }
  t.strictSame(offending, []);
});
