import { readdir, readFile } from 'node:fs/promises';

export interface ResidentMemory {
  /** Resident set of the process and all its descendants, MB. */
  rssMb: number;
  /** The process's own high-water mark (VmHWM), MB: the peak since it started. */
  peakMb: number;
}

const MB = 1024;

/** Resident memory of a process and its descendants, read from /proc (Linux); zero once it has exited. */
export async function residentMemory(pid: number): Promise<ResidentMemory> {
  const status = await readStatus(pid);
  if (!status) return { rssMb: 0, peakMb: 0 };
  let rssKb = field(status, 'VmRSS');
  for (const child of await descendants(pid)) {
    const childStatus = await readStatus(child);
    if (childStatus) rssKb += field(childStatus, 'VmRSS');
  }
  return { rssMb: round(rssKb / MB), peakMb: round(field(status, 'VmHWM') / MB) };
}

/** Linux's USER_HZ: /proc reports CPU times in these ticks, 100 a second on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user and system) the process has used since it started, read from /proc/<pid>/stat (Linux); zero once it has exited. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 14th and 15th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICKS_PER_SECOND;
}

async function readStatus(pid: number): Promise<string | undefined> {
  return readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
}

function field(status: string, name: string): number {
  return Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
}

/** Children of every thread, recursively (a child may belong to any thread that spawned it). */
async function descendants(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const children: number[] = [];
  for (const task of tasks) {
    const list = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
    children.push(...list.split(' ').filter(Boolean).map(Number));
  }
  const nested = await Promise.all(children.map(descendants));
  return [...children, ...nested.flat()];
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
