import type { TestApp } from './app.js';

/**
 * A staff member's access token, signed in again once the test's clock has moved (tests that move it
 * by months outlive any token): `const tokenOf = clockTokens(harness); await tokenOf(editor)`.
 */
export function clockTokens(harness: Pick<TestApp, 'clock' | 'signIn'>): (user: { username: string; password: string }) => Promise<string> {
  const tokens = new Map<string, { token: string; at: number }>();
  return async (user) => {
    const kept = tokens.get(user.username);
    if (kept && kept.at === harness.clock.now().getTime()) return kept.token;
    const { token } = await harness.signIn(user.username, user.password);
    tokens.set(user.username, { token, at: harness.clock.now().getTime() });
    return token;
  };
}
