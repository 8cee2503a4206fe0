import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Node's arguments for a child process that runs our TypeScript as the test files do (`test/load-typescript.ts`). */
export const LOAD_TYPESCRIPT = ['--import', pathToFileURL(path.resolve('test/load-typescript.ts')).href];

/**
 * The environment for a child process that runs our TypeScript. It reports no
 * coverage: the suite's figures are the test processes' own, and these children are often cut short
 * by a kill, which would make the figures change from run to run.
 */
export function childEnvWithoutCoverage(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.NODE_V8_COVERAGE;
  return env;
}

/** A TCP port nobody listens on right now, for a child process to take. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
