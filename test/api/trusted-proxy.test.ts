import t, { type Test } from 'tap';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { anAdminUser } from '../helpers/builders.js';
import { loadConfig } from '../../scripts/config.js';
import type { AuditLogPage } from '../../api/contract/audit-log.js';
import type { StaffSession } from '../../api/contract/account-sessions.js';

/** The load balancer every request below comes through, and the two people behind it. */
const PROXY = '10.0.0.5';
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';
const LOCKED = 'Too many failed sign-in attempts. This account is locked; try again in 15 minutes.';
const RATE_LIMITED = /^Too many sign-in attempts from this address\. Try again in \d+ seconds?\.$/;
/** Seven sign-ins a minute per address: five failures, two more tries, and then the limit. */
const LOGIN_RATE_LIMIT = { max: 7, timeWindowMs: 60_000 };

/** A request through the load balancer, which names in X-Forwarded-For whom it forwards. */
function throughProxy(testApp: TestApp, forwardedFor: string, token?: string) {
  return (options: { method: 'GET' | 'POST'; url: string; payload?: object }) =>
    testApp.call(token, { ...options, remoteAddress: PROXY, headers: { 'x-forwarded-for': forwardedFor } });
}

function signIn(testApp: TestApp, forwardedFor: string, identifier: string, password: string) {
  return throughProxy(testApp, forwardedFor)({ method: 'POST', url: '/api/auth/login', payload: { identifier, password } });
}

/** The address the sessions list and the audit log give for the owner's session and a change made in it. */
async function recordedAddresses(t: Test, testApp: TestApp, token: string, forwardedFor: string) {
  const asOwner = throughProxy(testApp, forwardedFor, token);
  const sessions = (await asOwner({ method: 'GET', url: '/api/account/sessions' })).json() as StaffSession[];
  t.equal((await asOwner({ method: 'POST', url: '/api/account/sessions/end-others' })).statusCode, 200);
  const audit = (await asOwner({ method: 'GET', url: '/api/audit-log?action=account.end-other-sessions' })).json() as AuditLogPage;
  return { session: sessions.map((session) => session.ip), audit: audit.items.map((entry) => entry.ip) };
}

t.test('TRUST_PROXY set: the sign-in lock, the rate limit, the sessions list and the audit log go by the forwarded address', async (t) => {
  const testApp = await createTestApp(t, { loginRateLimit: LOGIN_RATE_LIMIT, trustProxy: loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy });
  const owner = await anAdminUser(testApp.db.sql, { role: 'admin' });

  for (let attempt = 1; attempt <= 4; attempt++) t.equal((await signIn(testApp, ATTACKER, owner.username, 'a-guess')).statusCode, 401, `failure ${attempt}`);
  const fifth = await signIn(testApp, ATTACKER, owner.username, 'a-guess');
  t.equal(fifth.statusCode, 429);
  t.equal(fifth.json().message, LOCKED, "the fifth failure locks the attacker's address out of the account");
  const spoofed = await signIn(testApp, `${OWNER}, ${ATTACKER}`, owner.username, owner.password);
  t.equal(spoofed.json().message, LOCKED, "an address the attacker writes before the proxy's is not taken for theirs");
  t.equal((await signIn(testApp, ATTACKER, owner.username, owner.password)).json().message, LOCKED);
  const limited = await signIn(testApp, ATTACKER, owner.username, owner.password);
  t.equal(limited.statusCode, 429);
  t.match(limited.json().message, RATE_LIMITED, "the eighth attempt in a minute passes the attacker's rate limit");

  const signedIn = await signIn(testApp, OWNER, owner.username, owner.password);
  t.equal(signedIn.statusCode, 200, 'the owner, behind the same proxy, signs in');
  t.strictSame(await recordedAddresses(t, testApp, signedIn.json().token, OWNER), { session: [OWNER], audit: [OWNER] });
});

t.test('TRUST_PROXY unset: X-Forwarded-For changes nothing, everyone behind the proxy is one address', async (t) => {
  const testApp = await createTestApp(t, { loginRateLimit: LOGIN_RATE_LIMIT, trustProxy: loadConfig({}).trustProxy });
  const owner = await anAdminUser(testApp.db.sql, { role: 'admin' });
  const colleague = await anAdminUser(testApp.db.sql, { role: 'admin' });

  const signedIn = await signIn(testApp, OWNER, colleague.username, colleague.password);
  t.equal(signedIn.statusCode, 200);
  t.strictSame(await recordedAddresses(t, testApp, signedIn.json().token, OWNER), { session: [PROXY], audit: [PROXY] }, "the proxy's address, the header ignored");

  for (let attempt = 1; attempt <= 4; attempt++) t.equal((await signIn(testApp, ATTACKER, owner.username, 'a-guess')).statusCode, 401, `failure ${attempt}`);
  t.equal((await signIn(testApp, ATTACKER, owner.username, 'a-guess')).json().message, LOCKED);
  const ownerAnswer = await signIn(testApp, OWNER, owner.username, owner.password);
  t.equal(ownerAnswer.statusCode, 429);
  t.equal(ownerAnswer.json().message, LOCKED, "the proxy's address is locked out of the account, for the owner too");
  const limited = await signIn(testApp, OWNER, colleague.username, colleague.password);
  t.match(limited.json().message, RATE_LIMITED, 'and the rate limit counts everyone behind the proxy together');
});
