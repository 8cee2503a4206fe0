/**
 * The environment for a child process that runs our TypeScript through tsx. It reports no
 * coverage: tsx maps lines differently from the test runner's loader, and its figures would be
 * merged misaligned into the suite's, hiding real coverage.
 */
export function childEnvWithoutCoverage(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.NODE_V8_COVERAGE;
  return env;
}
