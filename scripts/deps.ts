import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { z } from 'zod';
import { PackageManifestSchema, reportDependencies, type DependencyRelease } from './dependency-report.js';

/**
 * `npm run deps`: asks the npm registry npm is configured with for the newest release of every
 * production dependency, prints those behind with the reason of each one held back on purpose
 * (package.json "heldBack"), and exits 1 when one is a major behind with no reason given. A
 * registry that does not answer skips the check with exit 0: the check needs the network, a build
 * does not.
 */

const run = promisify(execFile);
/** Few at a time: each look-up is an npm process. */
const PARALLEL_LOOKUPS = 4;

const DistTagsSchema = z.object({ latest: z.string() });
const NpmErrorSchema = z.object({ error: z.object({ code: z.string(), summary: z.string() }) });

class RegistryUnansweredError extends Error {
  readonly summary: string;

  constructor(summary: string) {
    super(`the npm registry did not answer: ${summary}`);
    this.summary = summary;
    this.name = 'RegistryUnansweredError';
  }
}

async function newestRelease(name: string): Promise<string | null> {
  try {
    // No retries and a short timeout: npm's defaults spend minutes on a registry that is not there.
    const { stdout } = await run('npm', ['view', '--json', '--fetch-retries=0', '--fetch-timeout=30000', name, 'dist-tags']);
    return DistTagsSchema.parse(JSON.parse(stdout)).latest;
  } catch (error) {
    const stdout = (error as { stdout?: unknown }).stdout;
    const answer = typeof stdout === 'string' ? NpmErrorSchema.safeParse(safeJson(stdout)) : undefined;
    if (!answer?.success) throw error;
    if (answer.data.error.code === 'E404') return null;
    throw new RegistryUnansweredError(answer.data.error.summary.split('\n')[0]!);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function lookUpAll(dependencies: Record<string, string>): Promise<DependencyRelease[]> {
  const entries = Object.entries(dependencies);
  const releases: DependencyRelease[] = [];
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const [name, pinned] = entries[next++]!;
      try {
        releases.push({ name, pinned, newest: await newestRelease(name) });
      } catch (error) {
        next = entries.length; // the other workers stop too
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_LOOKUPS, entries.length) }, worker));
  return releases.sort((a, b) => a.name.localeCompare(b.name));
}

const manifest = PackageManifestSchema.parse(JSON.parse(await readFile('package.json', 'utf8')));
try {
  const report = reportDependencies(await lookUpAll(manifest.dependencies), manifest.heldBack);
  for (const line of report.lines) console.log(line);
  process.exitCode = report.exitCode;
} catch (error) {
  if (!(error instanceof RegistryUnansweredError)) throw error;
  console.log(`npm run deps skipped: ${error.message}`);
}
