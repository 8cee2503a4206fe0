import semver from 'semver';
import { z } from 'zod';
import { formatCount } from '../api/contract/plural.js';

/** What `npm run deps` reads of package.json: the production dependencies and why some stay behind on purpose. */
export const PackageManifestSchema = z.object({
  dependencies: z.record(z.string(), z.string()).default({}),
  heldBack: z.record(z.string(), z.string().trim().min(1, 'each heldBack reason must say why')).default({}),
});

export interface DependencyRelease {
  name: string;
  /** The version package.json pins. */
  pinned: string;
  /** The registry's `latest`; null when the registry has no such package. */
  newest: string | null;
}

export interface DependencyReport {
  lines: string[];
  exitCode: 0 | 1;
}

/**
 * Whether `newest` is past what an upgrade within `pinned`'s release line would reach: a new major,
 * or for 0.x versions a new minor (npm's caret rule: below 1.0.0 a minor may break).
 */
export function isMajorBehind(pinned: string, newest: string): boolean {
  return semver.gt(newest, pinned) && !semver.satisfies(newest, `^${pinned}`);
}

/**
 * The lines `npm run deps` prints for the registry's answers, and its exit code: 1 when a production
 * dependency is a major behind with no reason under "heldBack", or is missing from the registry.
 */
export function reportDependencies(releases: readonly DependencyRelease[], heldBack: Readonly<Record<string, string>>): DependencyReport {
  const lines: string[] = [];
  const failures: string[] = [];
  const behind: (DependencyRelease & { newest: string; major: boolean })[] = [];
  let compared = 0;
  for (const release of releases) {
    if (release.newest === null) {
      lines.push(`${release.name}: the registry has no such package.`);
      failures.push(release.name);
    } else if (!semver.valid(release.pinned)) {
      lines.push(`${release.name}: "${release.pinned}" is not an exact version, so it was not compared.`);
    } else {
      compared += 1;
      if (semver.gt(release.newest, release.pinned)) {
        behind.push({ ...release, newest: release.newest, major: isMajorBehind(release.pinned, release.newest) });
      }
    }
  }

  if (behind.length === 0) {
    lines.push(`No production dependency is behind its newest release (${compared} compared).`);
  } else {
    lines.push(`Behind the newest release: ${behind.length} of ${formatCount(releases.length, 'production dependency', 'production dependencies')}.`);
    const table = [['name', 'pinned', 'newest', 'major behind'], ...behind.map((row) => [row.name, row.pinned, row.newest, row.major ? 'yes' : 'no'])];
    const widths = table[0]!.map((_, column) => Math.max(...table.map((cells) => cells[column]!.length)));
    const formatRow = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
    lines.push(formatRow(table[0]!));
    behind.forEach((row, index) => {
      lines.push(formatRow(table[index + 1]!));
      const reason = heldBack[row.name];
      if (reason !== undefined) lines.push(`  held back: ${reason}`);
      else if (row.major) {
        lines.push('  no reason given: upgrade it, or say why under "heldBack" in package.json.');
        failures.push(row.name);
      }
    });
  }

  const names = new Set(releases.map((release) => release.name));
  const behindNames = new Set(behind.map((row) => row.name));
  for (const name of Object.keys(heldBack)) {
    if (!names.has(name)) lines.push(`heldBack names ${name}, which is not a production dependency: remove its reason.`);
    else if (!behindNames.has(name)) lines.push(`heldBack names ${name}, which is at its newest release: remove its reason.`);
  }
  if (failures.length > 0) {
    lines.push(`To see to before this check passes: ${failures.join(', ')}.`);
  }
  return { lines, exitCode: failures.length > 0 ? 1 : 0 };
}
