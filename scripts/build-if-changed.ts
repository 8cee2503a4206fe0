import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One build `npm start` may skip: the npm script that makes it, what it reads, and a file it writes. */
export type BuildTarget = {
  name: string;
  script: string;
  /** Files and folders (relative to the checkout) whose contents decide the build's output. */
  inputs: string[];
  /** A file the build writes last or always; its absence or a newer copy than the stamp knows means a rebuild. */
  output: string;
};

/** Installed packages and their patches change both builds. */
const DEPENDENCIES = ['package.json', 'package-lock.json', 'patches'];

export const BUILD_TARGETS: BuildTarget[] = [
  {
    name: 'console',
    script: 'build:console',
    // console/ holds the sources and the Vite, Tailwind and PostCSS settings; the console imports the shared contract.
    inputs: ['console', 'api/contract', ...DEPENDENCIES],
    output: 'console/dist/index.html',
  },
  {
    name: 'server',
    script: 'build:server',
    // tsconfig.build.json compiles these four folders; build:server copies sql/migrations beside them.
    inputs: ['api', 'bot', 'sql', 'scripts', 'tsconfig.json', 'tsconfig.build.json', ...DEPENDENCIES],
    output: 'dist/scripts/start.js',
  },
];

/** Build outputs inside an input folder are not inputs. */
const NOT_INPUTS = new Set(['node_modules', 'dist', 'sourcemaps']);

function inputFiles(root: string, input: string): string[] {
  const full = path.join(root, input);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [input];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !NOT_INPUTS.has(entry.name))
    .flatMap((entry) => inputFiles(root, path.join(input, entry.name)));
}

/** A hash of the inputs' paths and contents: equal hashes, equal builds. */
export function hashInputs(root: string, inputs: string[]): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => inputFiles(root, input)).sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

type Stamp = { inputs: string; outputModifiedMs: number };

function readStamp(file: string): Stamp | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Stamp;
  } catch {
    return undefined;
  }
}

/**
 * Runs each target's build unless the stamp its last build left says the inputs are the same and the
 * output is the one that build wrote (a build run by hand since, or a deleted output, means a rebuild).
 */
export function buildIfChanged(
  root: string,
  stampDir: string,
  targets: BuildTarget[],
  run: (target: BuildTarget) => void,
): { built: string[]; skipped: string[] } {
  const built: string[] = [];
  const skipped: string[] = [];
  for (const target of targets) {
    const stampFile = path.join(stampDir, `${target.name}.json`);
    const output = path.join(root, target.output);
    const inputs = hashInputs(root, target.inputs);
    const stamp = readStamp(stampFile);
    if (stamp?.inputs === inputs && existsSync(output) && statSync(output).mtimeMs === stamp.outputModifiedMs) {
      skipped.push(target.name);
      continue;
    }
    run(target);
    mkdirSync(stampDir, { recursive: true });
    writeFileSync(stampFile, JSON.stringify({ inputs, outputModifiedMs: statSync(output).mtimeMs } satisfies Stamp));
    built.push(target.name);
  }
  return { built, skipped };
}

/** `npm start` runs this before the product: builds what changed since the last start, nothing otherwise. */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { skipped } = buildIfChanged(root, path.join(root, 'node_modules', '.cache', 'medcontacts-build'), BUILD_TARGETS, (target) => {
    const started = performance.now();
    const result = spawnSync('npm', ['run', '--silent', target.script], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    console.log(`Built the ${target.name} in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  });
  if (skipped.length > 0) console.log(`Unchanged since the last build, not rebuilt: ${skipped.join(' and ')}.`);
}
