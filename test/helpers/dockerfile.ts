import { execFileSync, spawn } from 'node:child_process';
import { cp, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  base: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** Reads a Dockerfile into its stages: continued lines joined, comments dropped, keywords upper-cased. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = index + 1;
    let source = lines[index]!.trim();
    if (source === '' || source.startsWith('#')) continue;
    while (source.endsWith('\\') && index + 1 < lines.length) {
      index += 1;
      const next = lines[index]!.trim();
      source = source.slice(0, -1) + (next.startsWith('#') ? '' : ` ${next}`);
    }
    const match = /^(\w+)\s+(.*)$/s.exec(source);
    if (!match) throw new Error(`Dockerfile line ${line}: cannot read "${source}"`);
    const keyword = match[1]!.toUpperCase();
    const args = match[2]!.trim();
    if (keyword === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`Dockerfile line ${line}: unsupported FROM "${args}"`);
      stages.push({ base: from[1]!, name: from[2], instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile line ${line}: ${keyword} before the first FROM is not supported here`);
    stage.instructions.push({ keyword, args, line });
  }
  return stages;
}

/** The arguments of every instruction of one kind in a stage, in order. */
export function argsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);
}

/** The environment a stage's ENV lines give its processes. */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of stage.instructions) {
    if (instruction.keyword === 'ENV') Object.assign(env, parseAssignments(substitute(instruction.args, env, 'ENV'), `Dockerfile line ${instruction.line}`));
  }
  return env;
}

/** A command in exec form (`["node", "x.js"]`) as its words; shell form as `/bin/sh -c` does it. */
export function commandOf(args: string): string[] {
  return args.startsWith('[') ? (JSON.parse(args) as string[]) : ['/bin/sh', '-c', args];
}

/** The command of `HEALTHCHECK [--option=value …] CMD …`, or undefined for NONE. */
export function healthCheckCommand(args: string): string[] | undefined {
  const match = /^(?:--\S+\s+)*CMD\s+(.*)$/s.exec(args);
  return match ? commandOf(match[1]!) : undefined;
}

/** A stage as built by hand: a folder stands for its file system. */
export interface BuiltStage {
  stage: Stage;
  /** WORKDIR at the end, a path inside the stage. */
  workdir: string;
  /** ENV values at the end: what the image's processes get (ARG values stay in the build). */
  env: Record<string, string>;
  /** Where a path inside the stage is on this machine (each stage's `/` is a folder of the workspace). */
  hostPath(containerPath: string): string;
}

export interface BuildByHandOptions {
  stages: Stage[];
  /** The build context (see copyBuildContext). */
  context: string;
  /** One folder per stage is made here. */
  workspace: string;
  /** The environment the base image would give (PATH, HOME…); RUN gets the ARG and ENV values on top. */
  baseEnv: Record<string, string>;
  /** Told how long each RUN took. */
  onRun?: (command: string, ms: number) => void;
}

/**
 * Builds every stage outside Docker, in order: WORKDIR, ENV, ARG and COPY (from the context or
 * from an earlier stage) as Docker does them, and the RUN commands through `/bin/sh -c` in the
 * working directory. The final stage's RUN commands are not run: they install system packages
 * and users, which needs root on a real image.
 */
export async function buildByHand({ stages, context, workspace, baseEnv, onRun = () => {} }: BuildByHandOptions): Promise<BuiltStage[]> {
  const built: BuiltStage[] = [];
  for (const [index, stage] of stages.entries()) {
    const root = path.join(workspace, `stage-${index}`);
    const hostPath = (containerPath: string) => path.join(root, containerPath);
    const result: BuiltStage = { stage, workdir: '/', env: {}, hostPath };
    const isFinal = index === stages.length - 1;
    const buildArgs: Record<string, string> = {};
    await mkdir(root, { recursive: true });
    for (const instruction of stage.instructions) {
      const where = `Dockerfile line ${instruction.line}`;
      const args = substitute(instruction.args, { ...buildArgs, ...result.env }, instruction.keyword);
      switch (instruction.keyword) {
        case 'WORKDIR':
          result.workdir = path.posix.resolve(result.workdir, args);
          await mkdir(hostPath(result.workdir), { recursive: true });
          break;
        case 'ENV':
          Object.assign(result.env, parseAssignments(args, where));
          break;
        case 'ARG': {
          const [name, value] = args.split('=', 2) as [string, string | undefined];
          if (value !== undefined) buildArgs[name] = value;
          break;
        }
        case 'COPY': {
          const { from, sources, destination } = parseCopy(args, where);
          const source = from === undefined ? undefined : built.find((earlier, position) => earlier.stage.name === from || String(position) === from);
          if (from !== undefined && !source) throw new Error(`${where}: no stage "${from}" before this one`);
          const sourcePath = (name: string) => (source ? source.hostPath(path.posix.resolve('/', name)) : path.join(context, name));
          const target = hostPath(path.posix.resolve(result.workdir, destination));
          for (const name of sources) await copyLikeDocker(sourcePath(name), target, destination.endsWith('/') || sources.length > 1);
          break;
        }
        case 'RUN': {
          if (isFinal) break;
          const started = Date.now();
          await run(commandOf(args), hostPath(result.workdir), { ...baseEnv, ...buildArgs, ...result.env }, where);
          onRun(args, Date.now() - started);
          break;
        }
        case 'USER':
        case 'VOLUME':
        case 'EXPOSE':
        case 'HEALTHCHECK':
        case 'CMD':
        case 'LABEL':
        case 'STOPSIGNAL':
          break;
        default:
          throw new Error(`${where}: ${instruction.keyword} is not supported by the by-hand build; teach test/helpers/dockerfile.ts`);
      }
    }
    built.push(result);
  }
  return built;
}

/**
 * Copies the repository's tracked files (`git ls-files`) into `destination`, leaving out what
 * `.dockerignore` excludes: the build context Docker would send.
 */
export async function copyBuildContext(repository: string, destination: string): Promise<string[]> {
  const ignore = parseDockerignore(await readFile(path.join(repository, '.dockerignore'), 'utf8'));
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repository, encoding: 'utf8' }).split('\0').filter(Boolean);
  const copied: string[] = [];
  for (const file of tracked) {
    if (ignore(file)) continue;
    // A tracked file deleted in the working tree is not part of the context.
    const exists = await stat(path.join(repository, file)).then(() => true, () => false);
    if (!exists) continue;
    await cp(path.join(repository, file), path.join(destination, file));
    copied.push(file);
  }
  return copied;
}

/** `.dockerignore` as a test: later patterns win, `!` re-includes, a match excludes everything under it. */
export function parseDockerignore(text: string): (file: string) => boolean {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const include = line.startsWith('!');
      const pattern = path.posix.normalize(line.slice(include ? 1 : 0)).replace(/^\/+|\/+$/g, '');
      return { include, pattern: new RegExp(`^${globToRegExp(pattern)}(?:/.*)?$`) };
    });
  return (file) => rules.reduce((ignored, rule) => (rule.pattern.test(file) ? !rule.include : ignored), false);
}

function globToRegExp(glob: string): string {
  return glob
    .split(/(\*\*\/|\*\*|\*|\?)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
}

/** Docker replaces `$NAME` and `${NAME}` in these instructions; RUN leaves it to the shell. */
const SUBSTITUTED = new Set(['WORKDIR', 'ENV', 'COPY', 'USER', 'VOLUME', 'EXPOSE', 'LABEL', 'STOPSIGNAL']);

function substitute(args: string, env: Record<string, string>, keyword: string): string {
  if (!SUBSTITUTED.has(keyword)) return args;
  return args.replace(/\$(?:\{(\w+)\}|(\w+))/g, (_whole, braced: string | undefined, bare: string | undefined) => env[(braced ?? bare)!] ?? '');
}

/** `A=1 B="two words"`, or the older `A one value`. */
function parseAssignments(args: string, where: string): Record<string, string> {
  if (!/^\w+=/.test(args)) {
    const [name, ...value] = args.split(/\s+/);
    return { [name!]: value.join(' ') };
  }
  const values: Record<string, string> = {};
  for (const match of args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)\s*/g)) {
    const raw = match[2]!;
    values[match[1]!] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  if (Object.keys(values).length === 0) throw new Error(`${where}: cannot read ENV "${args}"`);
  return values;
}

function parseCopy(args: string, where: string): { from: string | undefined; sources: string[]; destination: string } {
  const words = args.split(/\s+/);
  let from: string | undefined;
  while (words[0]?.startsWith('--')) {
    const flag = words.shift()!;
    if (flag.startsWith('--from=')) from = flag.slice('--from='.length);
    // Ownership and mode matter only inside an image; --link changes caching, not content.
    else if (!/^--(chown|chmod)=|^--link$/.test(flag)) throw new Error(`${where}: COPY ${flag} is not supported by the by-hand build`);
  }
  const destination = words.pop();
  if (!destination || words.length === 0 || args.includes('[')) throw new Error(`${where}: COPY needs sources and a destination in shell form`);
  if (words.some((word) => /[*?[]/.test(word))) throw new Error(`${where}: COPY wildcards are not supported by the by-hand build`);
  return { from, sources: words, destination };
}

/** A directory's contents go into the target; a file goes into it when it is a directory, else becomes it. */
async function copyLikeDocker(source: string, target: string, targetIsDirectory: boolean): Promise<void> {
  const sourceStat = await stat(source);
  if (sourceStat.isDirectory()) {
    await cp(source, target, { recursive: true });
    return;
  }
  await cp(source, targetIsDirectory ? path.join(target, path.basename(source)) : target);
}

function run(command: string[], cwd: string, env: Record<string, string>, where: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${where}: "${command.join(' ')}" failed (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`));
    });
  });
}
