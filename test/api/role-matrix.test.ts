import t from 'tap';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type HTTPMethods, type InjectOptions } from 'fastify';
import { createTestApp } from '../helpers/app.js';
import { importRequest } from '../helpers/imports.js';
import { anAdminUser } from '../helpers/builders.js';
import { registeredRoutes } from '../helpers/routes.js';
import { installAuthorization } from '../../api/plugins/authorization.js';
import { installAccessTokens } from '../../api/auth/tokens.js';
import type { Sql } from '../../sql/database.js';
import type { Role } from '../../api/contract/roles.js';

type Actor = 'anonymous' | Role;
const ACTORS: Actor[] = ['anonymous', 'viewer', 'editor', 'admin', 'super_admin'];

interface RouteEntry {
  method: string;
  url: string;
  /**
   * The status each actor gets. Routes outside admin users only say who may pass the access
   * check: { public: status } (anyone, with the same answer whoever asks) or 'signed-in'
   * (every role, 401 without a token).
   */
  expect: Record<Actor, number> | { public: number } | 'signed-in';
  /** The request to send; `target` is a fresh user made for the case. */
  request?: (target: { id: number }) => Omit<InjectOptions, 'method' | 'url'> & { url?: string };
}

const ADMINS_ONLY = (allowed: number) => ({ anonymous: 401, viewer: 403, editor: 403, admin: allowed, super_admin: allowed });
const EDITORS_AND_UP = (allowed: number) => ({ anonymous: 401, viewer: 403, editor: allowed, admin: allowed, super_admin: allowed });
const EVERY_ROLE = (allowed: number) => ({ anonymous: 401, viewer: allowed, editor: allowed, admin: allowed, super_admin: allowed });
const SIGNED_IN = (allowed: number) => ({ anonymous: 401, viewer: allowed, editor: allowed, admin: allowed, super_admin: allowed });
/** This app runs without the simulator, so the Bot Sandbox answers 409 to those allowed past the check. */
const SANDBOX = EDITORS_AND_UP(409);

let sequence = 0;

/** Every /api route. A route missing from this table (or EXEMPT) fails the "every registered route is in the table" test. */
const ROUTES: RouteEntry[] = [
  { method: 'GET', url: '/api/admin/users', expect: ADMINS_ONLY(200) },
  {
    method: 'POST',
    url: '/api/admin/users',
    expect: ADMINS_ONLY(201),
    request: () => ({ payload: { username: `matrix.new.${++sequence}`, password: 'a-good-long-password' } }),
  },
  {
    method: 'PATCH',
    url: '/api/admin/users/:id',
    expect: ADMINS_ONLY(200),
    request: (target) => ({ url: `/api/admin/users/${target.id}`, payload: { firstName: 'Changed' } }),
  },
  {
    method: 'DELETE',
    url: '/api/admin/users/:id',
    expect: { anonymous: 401, viewer: 403, editor: 403, admin: 403, super_admin: 200 },
    request: (target) => ({ url: `/api/admin/users/${target.id}` }),
  },
  {
    method: 'POST',
    url: '/api/admin/users/:id/reset-password',
    expect: ADMINS_ONLY(200),
    request: (target) => ({ url: `/api/admin/users/${target.id}/reset-password`, payload: { newPassword: 'a-new-long-password' } }),
  },
  {
    method: 'POST',
    url: '/api/admin/users/:id/end-sessions',
    expect: ADMINS_ONLY(200),
    request: (target) => ({ url: `/api/admin/users/${target.id}/end-sessions` }),
  },
  {
    method: 'POST',
    url: '/api/admin/users/:id/toggle-2fa',
    expect: ADMINS_ONLY(200),
    request: (target) => ({ url: `/api/admin/users/${target.id}/toggle-2fa`, payload: { enable: true } }),
  },
  { method: 'GET', url: '/api/daily-usage', expect: 'signed-in' },
  { method: 'GET', url: '/api/user-memberships', expect: 'signed-in', request: () => ({ url: '/api/user-memberships?userId=1' }) },
  { method: 'GET', url: '/api/telegram-users', expect: 'signed-in' },
  { method: 'GET', url: '/api/telegram-users/ids', expect: 'signed-in' },
  // No such bot user: those allowed past the check get 404.
  { method: 'GET', url: '/api/telegram-users/:telegramId', expect: EVERY_ROLE(404), request: () => ({ url: '/api/telegram-users/42' }) },
  {
    method: 'PATCH',
    url: '/api/telegram-users/:telegramId',
    expect: ADMINS_ONLY(404),
    request: () => ({ url: '/api/telegram-users/42', payload: { isBlocked: true } }),
  },
  {
    method: 'POST',
    url: '/api/telegram-users/:telegramId/reset-daily-usage',
    expect: ADMINS_ONLY(404),
    request: () => ({ url: '/api/telegram-users/42/reset-daily-usage' }),
  },
  { method: 'GET', url: '/api/bot-logs', expect: EVERY_ROLE(200) },
  { method: 'GET', url: '/api/bot-logs/export', expect: EDITORS_AND_UP(200), request: () => ({ url: '/api/bot-logs/export?level=ERROR' }) },
  { method: 'GET', url: '/api/analytics/overview', expect: EVERY_ROLE(200) },
  { method: 'GET', url: '/api/analytics/location-requests', expect: EVERY_ROLE(200) },
  { method: 'GET', url: '/api/analytics/export', expect: EDITORS_AND_UP(200) },
  { method: 'GET', url: '/api/geographic-analytics', expect: EVERY_ROLE(200) },
  { method: 'GET', url: '/api/geographic-heatmap', expect: EVERY_ROLE(200) },
  { method: 'GET', url: '/api/performance-metrics', expect: EVERY_ROLE(200) },
  { method: 'GET', url: '/api/contact-analytics', expect: EVERY_ROLE(200) },
  { method: 'GET', url: '/api/contact-analytics/export', expect: EDITORS_AND_UP(200) },
  { method: 'GET', url: '/api/bot-sandbox/status', expect: EDITORS_AND_UP(200) },
  { method: 'GET', url: '/api/bot-sandbox/users', expect: SANDBOX },
  { method: 'POST', url: '/api/bot-sandbox/users', expect: SANDBOX, request: () => ({ payload: { userId: 1, firstName: 'A' } }) },
  { method: 'PATCH', url: '/api/bot-sandbox/users/:userId', expect: SANDBOX, request: () => ({ url: '/api/bot-sandbox/users/1', payload: { languageCode: 'uk' } }) },
  { method: 'POST', url: '/api/bot-sandbox/users/:userId/mini-app-launch', expect: SANDBOX, request: () => ({ url: '/api/bot-sandbox/users/1/mini-app-launch' }) },
  { method: 'GET', url: '/api/bot-sandbox/groups', expect: SANDBOX },
  { method: 'POST', url: '/api/bot-sandbox/messages', expect: SANDBOX, request: () => ({ payload: { userId: 1, text: '/start' } }) },
  { method: 'POST', url: '/api/bot-sandbox/callback', expect: SANDBOX, request: () => ({ payload: { userId: 1, chatId: 1, messageId: 1, data: 'x' } }) },
  { method: 'GET', url: '/api/bot-sandbox/chats/:chatId/messages', expect: SANDBOX, request: () => ({ url: '/api/bot-sandbox/chats/1/messages' }) },
  {
    method: 'POST',
    url: '/api/bot-sandbox/groups/:groupId/members',
    expect: SANDBOX,
    request: () => ({ url: '/api/bot-sandbox/groups/-1/members', payload: { userId: 1 } }),
  },
  {
    method: 'DELETE',
    url: '/api/bot-sandbox/groups/:groupId/members',
    expect: SANDBOX,
    request: () => ({ url: '/api/bot-sandbox/groups/-1/members', payload: { userId: 1 } }),
  },
  {
    method: 'DELETE',
    url: '/api/bot-sandbox/groups/:groupId/members/:userId',
    expect: SANDBOX,
    request: () => ({ url: '/api/bot-sandbox/groups/-1/members/1' }),
  },
  { method: 'GET', url: '/api/bot-sandbox/places', expect: SANDBOX, request: () => ({ url: '/api/bot-sandbox/places?q=London' }) },
  { method: 'POST', url: '/api/bot-sandbox/inline-queries', expect: SANDBOX, request: () => ({ payload: { userId: 1, query: 'dentist' } }) },
  {
    method: 'POST',
    url: '/api/bot-sandbox/inline-queries/:inlineQueryId/choice',
    expect: SANDBOX,
    request: () => ({ url: '/api/bot-sandbox/inline-queries/1/choice', payload: { userId: 1, resultId: '1' } }),
  },
  // Medical contacts: reads for every role, writes for editors and up. An unknown id answers 404
  // to those allowed past the check; the contact tests cover the successful edits.
  { method: 'GET', url: '/api/medical-contacts', expect: SIGNED_IN(200) },
  { method: 'GET', url: '/api/medical-contacts/filter-options', expect: SIGNED_IN(200) },
  {
    method: 'POST',
    url: '/api/medical-contacts',
    expect: EDITORS_AND_UP(201),
    request: () => ({ payload: { name: `Matrix Doctor ${++sequence}`, phone: `+1 212 5${String(sequence).padStart(6, '0')}`, city: 'Nowhere', region: 'None', country: 'AQ' } }),
  },
  { method: 'GET', url: '/api/medical-contacts/:id', expect: SIGNED_IN(404), request: () => ({ url: '/api/medical-contacts/999999' }) },
  { method: 'GET', url: '/api/medical-contacts/:id/history', expect: SIGNED_IN(404), request: () => ({ url: '/api/medical-contacts/999999/history' }) },
  { method: 'GET', url: '/api/medical-contacts/:id/verifications', expect: SIGNED_IN(404), request: () => ({ url: '/api/medical-contacts/999999/verifications' }) },
  {
    method: 'POST',
    url: '/api/medical-contacts/:id/verifications',
    expect: EDITORS_AND_UP(404),
    request: () => ({ url: '/api/medical-contacts/999999/verifications', payload: { outcome: 'confirmed', method: 'phone_call' } }),
  },
  { method: 'GET', url: '/api/medical-contacts/:id/reports', expect: EVERY_ROLE(404), request: () => ({ url: '/api/medical-contacts/999999/reports' }) },
  { method: 'GET', url: '/api/medical-contacts/:id/confirmation-link', expect: EDITORS_AND_UP(404), request: () => ({ url: '/api/medical-contacts/999999/confirmation-link' }) },
  { method: 'POST', url: '/api/medical-contacts/:id/confirmation-link', expect: EDITORS_AND_UP(404), request: () => ({ url: '/api/medical-contacts/999999/confirmation-link' }) },
  { method: 'DELETE', url: '/api/medical-contacts/:id/confirmation-link', expect: EDITORS_AND_UP(404), request: () => ({ url: '/api/medical-contacts/999999/confirmation-link' }) },
  { method: 'GET', url: '/api/medical-contacts/:id/linked-accounts', expect: EDITORS_AND_UP(404), request: () => ({ url: '/api/medical-contacts/999999/linked-accounts' }) },
  {
    method: 'DELETE',
    url: '/api/medical-contacts/:id/linked-accounts/:telegramId',
    expect: EDITORS_AND_UP(404),
    request: () => ({ url: '/api/medical-contacts/999999/linked-accounts/1' }),
  },
  { method: 'GET', url: '/api/proposed-corrections', expect: EDITORS_AND_UP(200) },
  {
    method: 'POST',
    url: '/api/proposed-corrections/:id/accept',
    expect: EDITORS_AND_UP(404),
    request: () => ({ url: '/api/proposed-corrections/999999/accept', payload: { fields: [{ field: 'closed' }] } }),
  },
  { method: 'POST', url: '/api/proposed-corrections/:id/reject', expect: EDITORS_AND_UP(404), request: () => ({ url: '/api/proposed-corrections/999999/reject' }) },
  { method: 'GET', url: '/api/verification-queue', expect: EDITORS_AND_UP(200) },
  { method: 'POST', url: '/api/verification-queue/:id/claim', expect: EDITORS_AND_UP(404), request: () => ({ url: '/api/verification-queue/999999/claim' }) },
  { method: 'DELETE', url: '/api/verification-queue/:id/claim', expect: EDITORS_AND_UP(200), request: () => ({ url: '/api/verification-queue/999999/claim' }) },
  {
    method: 'PATCH',
    url: '/api/contact-reports/:id',
    expect: EDITORS_AND_UP(404),
    request: () => ({ url: '/api/contact-reports/999999', payload: { status: 'fixed' } }),
  },
  { method: 'PATCH', url: '/api/medical-contacts/:id', expect: EDITORS_AND_UP(404), request: () => ({ url: '/api/medical-contacts/999999', payload: { rating: 4 } }) },
  { method: 'DELETE', url: '/api/medical-contacts/:id', expect: EDITORS_AND_UP(404), request: () => ({ url: '/api/medical-contacts/999999' }) },
  {
    method: 'POST',
    url: '/api/medical-contacts/bulk-update',
    expect: EDITORS_AND_UP(200),
    request: () => ({ payload: { ids: [999999], updates: { isActive: false } } }),
  },
  { method: 'POST', url: '/api/medical-contacts/bulk-delete', expect: EDITORS_AND_UP(200), request: () => ({ payload: { ids: [999999] } }) },
  {
    method: 'POST',
    url: '/api/medical-contacts/import/preview',
    expect: EDITORS_AND_UP(200),
    request: () => importRequest('preview', 'Name,Phone,City,Region,Country\nDr Matrix,+1 617 555 0199,Boston,Massachusetts,United States\n'),
  },
  {
    method: 'POST',
    url: '/api/medical-contacts/import',
    expect: EDITORS_AND_UP(202),
    request: () => importRequest('import', `Name,Phone,City,Region,Country\nDr Matrix ${++sequence},+1 617 5${String(sequence).padStart(6, '0')},Boston,Massachusetts,United States\n`),
  },
  { method: 'GET', url: '/api/medical-contacts/imports', expect: EVERY_ROLE(200) },
  { method: 'GET', url: '/api/medical-contacts/imports/:id', expect: EVERY_ROLE(404), request: () => ({ url: '/api/medical-contacts/imports/999999' }) },
  {
    method: 'POST',
    url: '/api/medical-contacts/imports/:id/undo',
    expect: EDITORS_AND_UP(404),
    request: () => ({ url: '/api/medical-contacts/imports/999999/undo' }),
  },
  { method: 'GET', url: '/api/medical-contacts/export', expect: EVERY_ROLE(200), request: () => ({ url: '/api/medical-contacts/export?country=France' }) },
  // Message templates: editors and up read and write. An unknown id answers 404 to those allowed
  // past the check; the template tests cover the successful edits.
  { method: 'GET', url: '/api/message-templates', expect: EDITORS_AND_UP(200) },
  {
    method: 'POST',
    url: '/api/message-templates',
    expect: EDITORS_AND_UP(201),
    request: () => ({ payload: { name: `Matrix template ${++sequence}`, type: 'custom', content: 'Hello {first_name}' } }),
  },
  { method: 'PATCH', url: '/api/message-templates/:id', expect: EDITORS_AND_UP(404), request: () => ({ url: '/api/message-templates/999999', payload: { name: 'X' } }) },
  { method: 'DELETE', url: '/api/message-templates/:id', expect: EDITORS_AND_UP(404), request: () => ({ url: '/api/message-templates/999999' }) },
  { method: 'POST', url: '/api/message-templates/preview', expect: EDITORS_AND_UP(200), request: () => ({ payload: { content: 'Hi {first_name}' } }) },
  { method: 'GET', url: '/api/message-templates/preview-users', expect: EDITORS_AND_UP(200) },
  { method: 'GET', url: '/api/message-templates/missing-languages', expect: EDITORS_AND_UP(200) },
  // Broadcasts: admins only. This app has no bot users and no sender, so those let through get a 400, 404 or 409.
  { method: 'POST', url: '/api/broadcast-send', expect: ADMINS_ONLY(400), request: () => ({ payload: { title: 'T', content: 'Hi', targetType: 'all' } }) },
  { method: 'POST', url: '/api/broadcast-message', expect: ADMINS_ONLY(400), request: () => ({ payload: { templateId: 999999 } }) },
  { method: 'POST', url: '/api/broadcast-test', expect: ADMINS_ONLY(409), request: () => ({ payload: { userId: '1', content: 'Hi' } }) },
  { method: 'POST', url: '/api/broadcast-audience', expect: ADMINS_ONLY(200), request: () => ({ payload: { targetType: 'all' } }) },
  { method: 'GET', url: '/api/broadcast-history', expect: ADMINS_ONLY(200) },
  { method: 'GET', url: '/api/broadcasts/:id', expect: ADMINS_ONLY(404), request: () => ({ url: '/api/broadcasts/999999' }) },
  { method: 'POST', url: '/api/broadcasts/:id/cancel', expect: ADMINS_ONLY(404), request: () => ({ url: '/api/broadcasts/999999/cancel' }) },
  { method: 'POST', url: '/api/broadcasts/:id/retry-failed', expect: ADMINS_ONLY(404), request: () => ({ url: '/api/broadcasts/999999/retry-failed' }) },
  { method: 'POST', url: '/api/broadcasts/:id/send-unknown', expect: ADMINS_ONLY(404), request: () => ({ url: '/api/broadcasts/999999/send-unknown' }) },
  // Access control: admins only. An unknown id answers 404 to those let through; the access-control tests cover the edits.
  { method: 'GET', url: '/api/authorized-groups', expect: ADMINS_ONLY(200) },
  {
    method: 'POST',
    url: '/api/authorized-groups',
    expect: ADMINS_ONLY(201),
    request: () => ({ payload: { groupId: -1_001_000_000_000 - ++sequence, groupName: `Matrix group ${sequence}` } }),
  },
  { method: 'PATCH', url: '/api/authorized-groups/:id', expect: ADMINS_ONLY(404), request: () => ({ url: '/api/authorized-groups/999999', payload: { dailyLimit: 4 } }) },
  { method: 'DELETE', url: '/api/authorized-groups/:id', expect: ADMINS_ONLY(404), request: () => ({ url: '/api/authorized-groups/999999' }) },
  { method: 'GET', url: '/api/admin-whitelist', expect: ADMINS_ONLY(200) },
  { method: 'POST', url: '/api/admin-whitelist', expect: ADMINS_ONLY(201), request: () => ({ payload: { telegramId: 900_000 + ++sequence } }) },
  { method: 'PATCH', url: '/api/admin-whitelist/:id', expect: ADMINS_ONLY(404), request: () => ({ url: '/api/admin-whitelist/999999', payload: { reason: 'R' } }) },
  { method: 'DELETE', url: '/api/admin-whitelist/:id', expect: ADMINS_ONLY(404), request: () => ({ url: '/api/admin-whitelist/999999' }) },
  // Notifications: every role reads and marks them; the settings are for admins.
  { method: 'GET', url: '/api/real-time-notifications', expect: EVERY_ROLE(200) },
  { method: 'GET', url: '/api/real-time-notifications/unread', expect: EVERY_ROLE(200) },
  { method: 'PATCH', url: '/api/real-time-notifications/:id/read', expect: EVERY_ROLE(404), request: () => ({ url: '/api/real-time-notifications/999999/read' }) },
  { method: 'PATCH', url: '/api/real-time-notifications/mark-all-read', expect: EVERY_ROLE(200) },
  { method: 'GET', url: '/api/notification-settings', expect: ADMINS_ONLY(200) },
  {
    method: 'PUT',
    url: '/api/notification-settings',
    expect: ADMINS_ONLY(200),
    request: () => ({
      payload: { telegramNotifications: true, adminGroupAlerts: true, errorAlerts: true, dailyReports: true, adminTelegramId: null, adminGroupId: null },
    }),
  },
  // System settings and backups: admins only; this app has no data folder, so "Back up now" answers 409.
  { method: 'GET', url: '/api/system-settings', expect: ADMINS_ONLY(200) },
  {
    method: 'PUT',
    url: '/api/system-settings',
    expect: ADMINS_ONLY(200),
    request: () => ({ payload: { dailyLimit: 3, maxResponseTime: 30, allowedGroups: '', maintenanceMode: false, autoBackup: true, logLevel: 'INFO', logRetentionDays: 90 } }),
  },
  // The specialties' taxonomy: every role reads it (the contact form picks from it); admins keep the ones staff add.
  { method: 'GET', url: '/api/specialties', expect: EVERY_ROLE(200) },
  { method: 'POST', url: '/api/specialties', expect: ADMINS_ONLY(201), request: () => ({ payload: { names: { en: `Matrix specialty ${++sequence}` } } }) },
  { method: 'PATCH', url: '/api/specialties/:id', expect: ADMINS_ONLY(404), request: () => ({ url: '/api/specialties/999999', payload: { names: { en: 'Renamed' } } }) },
  { method: 'DELETE', url: '/api/specialties/:id', expect: ADMINS_ONLY(404), request: () => ({ url: '/api/specialties/999999' }) },
  { method: 'GET', url: '/api/system-health', expect: EVERY_ROLE(200) },
  { method: 'GET', url: '/api/bot-stats', expect: EVERY_ROLE(200), request: () => ({ url: '/api/bot-stats?period=24h' }) },
  { method: 'GET', url: '/api/bot-stats/export', expect: EVERY_ROLE(200), request: () => ({ url: '/api/bot-stats/export?period=30d' }) },
  { method: 'GET', url: '/api/backups', expect: ADMINS_ONLY(200) },
  { method: 'POST', url: '/api/backups', expect: ADMINS_ONLY(409) },
  // The audit log: admins only.
  { method: 'GET', url: '/api/audit-log', expect: ADMINS_ONLY(200) },
  { method: 'GET', url: '/api/audit-log/filters', expect: ADMINS_ONLY(200) },
  { method: 'GET', url: '/api/audit-log/export', expect: ADMINS_ONLY(200), request: () => ({ url: '/api/audit-log/export?action=backup.start' }) },
  { method: 'GET', url: '/api/health', expect: { public: 200 } },
  { method: 'GET', url: '/api/health/live', expect: { public: 200 } },
  { method: 'GET', url: '/api/health/ready', expect: { public: 200 } },
  // The API reference (test/api/openapi.test.ts): its document, for anyone.
  { method: 'GET', url: '/api/openapi.json', expect: { public: 200 } },
  { method: 'GET', url: '/api/docs/json', expect: { public: 200 } },
  // Telegram's webhook (webhook mode): no staff sign-in opens it, only the secret token, which no actor here sends.
  { method: 'POST', url: '/api/telegram-webhook', expect: { public: 401 }, request: () => ({ payload: { update_id: 1 } }) },
  // A new unknown name per call: five failures for one name from one address lock it, as they would an account.
  { method: 'POST', url: '/api/auth/login', expect: { public: 401 }, request: (target) => ({ payload: { identifier: `nobody-${target.id}`, password: 'nothing-at-all' } }) },
  { method: 'POST', url: '/api/auth/refresh', expect: { public: 401 }, request: () => ({ payload: { refreshToken: 'unknown' } }) },
  { method: 'GET', url: '/api/auth/verify', expect: 'signed-in' },
  { method: 'GET', url: '/api/account', expect: 'signed-in' },
  { method: 'POST', url: '/api/account/password', expect: 'signed-in', request: () => ({ payload: {} }) },
  { method: 'PUT', url: '/api/account/clock-format', expect: EVERY_ROLE(200), request: () => ({ payload: { clockFormat: '24h' } }) },
  { method: 'POST', url: '/api/account/two-factor/setup', expect: 'signed-in' },
  { method: 'POST', url: '/api/account/two-factor/enable', expect: 'signed-in', request: () => ({ payload: {} }) },
  { method: 'POST', url: '/api/account/two-factor/disable', expect: 'signed-in', request: () => ({ payload: {} }) },
  { method: 'POST', url: '/api/account/two-factor/recovery-codes', expect: 'signed-in', request: () => ({ payload: {} }) },
  // Own sessions: every role; another's or an unknown session answers 404, and the actor's only session is the current one.
  { method: 'GET', url: '/api/account/sessions', expect: 'signed-in' },
  { method: 'DELETE', url: '/api/account/sessions/:id', expect: EVERY_ROLE(404), request: () => ({ url: `/api/account/sessions/${randomUUID()}` }) },
  { method: 'POST', url: '/api/account/sessions/end-others', expect: EVERY_ROLE(200) },
  // Last: signing out ends the actor's session, which the cases above need.
  { method: 'POST', url: '/api/auth/logout', expect: { public: 200 } },
];

/**
 * Routes the matrix does not walk, each with its reason: those outside /api that check their own
 * credentials (a Telegram webhook's secret token, say), and the API reference's page and assets,
 * public and not JSON (test/api/openapi.test.ts opens them without a sign-in). The app under test
 * serves no console, so the console's files are not routes here.
 */
const EXEMPT: Record<string, string> = {
  'GET /api/docs': 'the API reference page',
  'GET /api/docs/': 'the API reference page',
  'GET /api/docs/yaml': 'the API reference as YAML',
  'GET /api/docs/static/index.html': 'a redirect to the API reference page',
  'GET /api/docs/static/swagger-initializer.js': "the API reference page's script",
  'GET /api/docs/*': "the API reference page's assets (/api/docs/static/*, as printRoutes shows it)",
  'GET /metrics': 'no staff sign-in opens it, only METRICS_TOKEN (test/api/metrics.test.ts)',
};

function routeKeys(app: FastifyInstance): string[] {
  return registeredRoutes(app).map((route) => `${route.method} ${route.url}`);
}

function tableKeys(): Set<string> {
  return new Set([...ROUTES.map((route) => `${route.method} ${route.url}`), ...Object.keys(EXEMPT)]);
}

/** The registered routes, /api or not, with neither a row in ROUTES nor an EXEMPT reason. */
function missingFromTable(registered: string[]): string[] {
  const table = tableKeys();
  return registered.filter((route) => !table.has(route));
}

t.test('the role matrix', async (t) => {
  const { app, db, call, userWithToken } = await createTestApp(t, {
    telegramWebhook: { path: '/api/telegram-webhook', secretToken: 'matrix-secret', handleUpdate: async () => {} },
  });
  const tokens: Partial<Record<Actor, string>> = {};
  for (const role of ['viewer', 'editor', 'admin', 'super_admin'] as const) tokens[role] = (await userWithToken(role)).token;

  for (const route of ROUTES) {
    for (const actor of ACTORS) {
      const name = `${route.method} ${route.url} as ${actor}`;
      const target = await anAdminUser(db.sql, { role: 'viewer' });
      const { url, ...rest } = route.request?.(target) ?? {};
      const response = await call(tokens[actor as Role], { ...rest, method: route.method as InjectOptions['method'], url: url ?? route.url });

      if (route.expect === 'signed-in') {
        if (actor === 'anonymous') t.strictSame(response.json(), { error: 'Unauthorized', message: 'Sign in to continue' }, name);
        else t.ok(![401, 403].includes(response.statusCode), `${name}: allowed (got ${response.statusCode})`);
      } else if ('public' in route.expect) {
        t.equal(response.statusCode, route.expect.public, `${name}: open to anyone`);
        t.not(response.json().message, 'Sign in to continue', name);
      } else {
        t.equal(response.statusCode, route.expect[actor], name);
        if (response.statusCode === 401) t.equal(response.json().message, 'Sign in to continue', name);
        if (response.statusCode === 403) t.equal(response.json().message, 'You do not have permission to do this', name);
      }
    }
  }

  t.test('every registered route is in the table', async (t) => {
    const registered = routeKeys(app);
    t.ok(registered.length >= ROUTES.length, `found ${registered.length} routes`);
    t.strictSame(missingFromTable(registered), [], 'every route has an entry in ROUTES or EXEMPT');
    const stale = [...tableKeys()].filter((route) => !registered.includes(route));
    t.strictSame(stale, [], 'every entry in ROUTES and EXEMPT is a registered route');
  });
});

t.test('a route added without an entry fails the table check, whatever its method or path', async (t) => {
  const { app: product } = await createTestApp(t);
  const app = Fastify();
  t.teardown(() => app.close());
  for (const route of registeredRoutes(product)) app.route({ method: route.method as HTTPMethods, url: route.url, handler: async () => 'listed' });
  app.put('/api/medical-contacts/:id', async () => 'a new method on a listed path');
  app.get('/api/new-thing', async () => 'a new /api path');
  app.post('/telegram/webhook', async () => 'a path outside /api');
  await app.ready();
  t.strictSame(missingFromTable(routeKeys(app)), ['PUT /api/medical-contacts/:id', 'GET /api/new-thing', 'POST /telegram/webhook']);
});

t.test('a route that declares neither a permission nor public is refused at start-up', async (t) => {
  const app = Fastify();
  const now = () => new Date();
  installAuthorization(app, { sql: {} as Sql, tokens: await installAccessTokens(app, { secret: 'a-secret-of-at-least-thirty-two-chars', now }), now });
  void app.register(async (instance) => {
    instance.get('/not-api', async () => 'fine');
    instance.get('/api/declared', { config: { public: true } }, async () => 'fine');
    instance.get('/api/forgotten', async () => 'oops');
  });
  await t.rejects(async () => { await app.ready(); }, { message: 'Route GET /api/forgotten declares no permission (config.permission or config.public)' });
});

t.test('a route with a permission passes the start-up check', async (t) => {
  const app = Fastify();
  t.teardown(() => app.close());
  const now = () => new Date();
  installAuthorization(app, { sql: {} as Sql, tokens: await installAccessTokens(app, { secret: 'a-secret-of-at-least-thirty-two-chars', now }), now });
  app.get('/api/declared', { config: { permission: 'dashboard:read' } }, async () => 'fine');
  await t.resolves(async () => { await app.ready(); });
  const response = await app.inject({ method: 'GET', url: '/api/declared' });
  t.equal(response.statusCode, 401, 'and it asks for a token');
});
