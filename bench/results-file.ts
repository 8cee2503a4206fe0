/**
 * Writes what `npm run bench` measured: results.json (every figure and the raw measurements) and
 * BENCHMARKS.md (tables of metric, target, measured and ok), keeping the hand-written part of an
 * existing BENCHMARKS.md below its marker line.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatasetSizes, TableGeneration } from './dataset.js';
import { withinBudget, type BenchSection, type Figure } from './report.js';

/** Everything below this line in BENCHMARKS.md is written by hand and kept when the file is regenerated. */
export const HAND_WRITTEN_MARKER = '<!-- Written by hand below this line: npm run bench keeps it. -->';

export interface Machine {
  cores: number;
  cpu: string;
  memoryGb: number;
  platform: string;
  node: string;
  postgres: string;
  database: string;
  /** 1, 5 and 15 minutes, at the end of the run: the machine is shared. */
  loadAverage: number[];
}

export interface BenchResults {
  date: string;
  /** The command that reproduces the run. */
  command: string;
  scale: number;
  seconds: number;
  machine: Machine;
  dataset: { sizes: DatasetSizes; countries: number; generation: Record<string, TableGeneration> };
  sections: (BenchSection & { key: string })[];
}

export interface ResultPaths {
  json: string;
  markdown: string;
}

/** results.json and BENCHMARKS.md in `outputDir`, or bench/results.json and ./BENCHMARKS.md by default. */
export function resultPaths(outputDir: string | undefined): ResultPaths {
  return outputDir
    ? { json: path.resolve(outputDir, 'results.json'), markdown: path.resolve(outputDir, 'BENCHMARKS.md') }
    : { json: path.resolve('bench/results.json'), markdown: path.resolve('BENCHMARKS.md') };
}

export async function writeResultFiles(results: BenchResults, paths: ResultPaths): Promise<void> {
  const sections = results.sections.map((section) => ({ ...section, figures: section.figures.map((figure) => ({ ...figure, ok: withinBudget(figure) })) }));
  await mkdir(path.dirname(paths.json), { recursive: true });
  await writeFile(paths.json, `${JSON.stringify({ ...results, sections }, null, 2)}\n`);
  const previous = await readFile(paths.markdown, 'utf8').catch(() => undefined);
  const markerAt = previous?.indexOf(HAND_WRITTEN_MARKER) ?? -1;
  const handWritten = previous && markerAt >= 0 ? previous.slice(markerAt + HAND_WRITTEN_MARKER.length).replace(/^\n+/, '') : DEFAULT_HAND_WRITTEN;
  await mkdir(path.dirname(paths.markdown), { recursive: true });
  await writeFile(paths.markdown, `${renderMarkdown(results)}\n${HAND_WRITTEN_MARKER}\n\n${handWritten.trimEnd()}\n`);
  console.log(`wrote ${paths.json} and ${paths.markdown}`);
}

const DEFAULT_HAND_WRITTEN = '## What was slow and what was done\n\n(Not written yet.)\n';

const number = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 3 });

function target(figure: Figure): string {
  if (!figure.target) return '–';
  return `${figure.target.op === '<' ? '<' : '≥'} ${number(figure.target.value)} ${figure.unit}`;
}

function ok(figure: Figure): string {
  const within = withinBudget(figure);
  if (within === undefined) return '–';
  return within ? 'yes' : '**no**';
}

/** Table cells must not break the table. */
const cell = (text: string) => text.replaceAll('|', '\\|');

export function renderMarkdown(results: BenchResults): string {
  const { machine, dataset } = results;
  const budgeted = results.sections.flatMap((section) => section.figures).filter((figure) => figure.target);
  const met = budgeted.filter((figure) => withinBudget(figure)).length;
  const lines = [
    '# Benchmarks',
    '',
    `Measured by \`npm run bench\` on ${results.date.slice(0, 16).replace('T', ' ')} UTC in ${Math.round(results.seconds)} s, at scale ${results.scale}: ` +
      `${met} of ${budgeted.length} budgeted figures within budget. The tables are generated; the notes at the end are written by hand.`,
    '',
    '## Reproduce',
    '',
    '```sh',
    results.command,
    '```',
    '',
    'Without `BENCH_DATABASE_URL` the run uses a fresh embedded PGlite in memory. `BENCH_SCALE` multiplies every size (0.01 for a quick run), ' +
      '`BENCH_CONTACTS` sets the number of contacts whatever the scale (`BENCH_CONTACTS=1000000 BENCH_ONLY=scale` with `BENCH_DATABASE_URL` measures the directory at a million; ' +
      'the scale section\'s product instances need `BENCH_DATABASE_URL`), `BENCH_ONLY=bot,api,ingest,broadcast,scale` picks sections, ' +
      '`BENCH_LOAD_SECONDS` sets each load\'s length (default 3) and `BENCH_OUTPUT_DIR` where the files go.',
    '',
    '## Machine',
    '',
    '| | |',
    '|---|---|',
    `| cores | ${machine.cores} × ${cell(machine.cpu)} |`,
    `| memory | ${machine.memoryGb} GB |`,
    `| platform | ${cell(machine.platform)} |`,
    `| Node | ${machine.node} |`,
    `| PostgreSQL | ${cell(machine.postgres)} |`,
    `| database | ${cell(machine.database)} |`,
    `| load average at the end (1, 5, 15 min) | ${machine.loadAverage.join(', ')} |`,
    '',
    '## Data set',
    '',
    `${number(dataset.sizes.contacts)} contacts in ${dataset.countries} countries, ${number(dataset.sizes.botUsers)} bot users, ` +
      `${number(dataset.sizes.logs)} bot log rows over a year, ${number(dataset.sizes.groups)} authorized groups, ${number(dataset.sizes.broadcasts)} broadcasts.`,
    '',
    '| table | rows | seconds | rows/s |',
    '|---|---:|---:|---:|',
    ...Object.entries(dataset.generation).map(
      ([table, generated]) => `| ${table} | ${number(generated.rows)} | ${number(Math.round(generated.ms / 100) / 10)} | ${number(generated.rowsPerSecond)} |`,
    ),
  ];
  for (const section of results.sections) {
    lines.push('', `## ${section.title}`, '', '| metric | target | measured | ok | detail |', '|---|---|---:|---|---|');
    for (const figure of section.figures) {
      lines.push(`| ${cell(figure.metric)} | ${target(figure)} | ${number(figure.value)} ${figure.unit} | ${ok(figure)} | ${cell(figure.detail ?? '')} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
