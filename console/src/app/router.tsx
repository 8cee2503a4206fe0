import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { getAccessToken } from '../lib/session-tokens.js';
import { NotFoundScreen } from './not-found-screen.js';
import { LoginRoute, preloadAppShell, RootLayout, SessionGate } from './root-layout.js';
import type { RouteHandle } from './route-handle.js';
import { RouteGate } from './route-gate.js';
import { ROUTES, type AppRoute } from '../lib/routes.js';

type Screen = ComponentType & { preload?: () => Promise<unknown> };

/** A screen whose code loads on its first render, or earlier through `preload`. */
function lazyScreen(load: () => Promise<ComponentType>): Screen {
  return Object.assign(
    lazy(() => load().then((component) => ({ default: component }))),
    { preload: load },
  );
}

const DashboardScreen = lazyScreen(() => import('../features/dashboard/dashboard-screen.js').then((module) => module.DashboardScreen));
const SettingsScreen = lazyScreen(() => import('../features/settings/settings-screen.js').then((module) => module.SettingsScreen));
const UserManagementScreen = lazyScreen(() => import('../features/admin-users/user-management-screen.js').then((module) => module.UserManagementScreen));
const MedicalContactsScreen = lazyScreen(() => import('../features/medical-contacts/medical-contacts-screen.js').then((module) => module.MedicalContactsScreen));
const VerificationScreen = lazyScreen(() => import('../features/verification/verification-screen.js').then((module) => module.VerificationScreen));
const BroadcastsScreen = lazyScreen(() => import('../features/broadcasts/broadcasts-screen.js').then((module) => module.BroadcastsScreen));
const MessageTemplatesScreen = lazyScreen(() => import('../features/message-templates/message-templates-screen.js').then((module) => module.MessageTemplatesScreen));
const BotUsersScreen = lazyScreen(() => import('../features/bot-users/bot-users-screen.js').then((module) => module.BotUsersScreen));
const BotLogsScreen = lazyScreen(() => import('../features/bot-logs/bot-logs-screen.js').then((module) => module.BotLogsScreen));
const BotSandboxScreen = lazyScreen(() => import('../features/bot-sandbox/bot-sandbox-screen.js').then((module) => module.BotSandboxScreen));
const AccessControlScreen = lazyScreen(() => import('../features/access-control/access-control-screen.js').then((module) => module.AccessControlScreen));
const AuditLogScreen = lazyScreen(() => import('../features/audit-log/audit-log-screen.js').then((module) => module.AuditLogScreen));
const NotificationsScreen = lazyScreen(() => import('../features/notifications/notifications-screen.js').then((module) => module.NotificationsScreen));
const AnalyticsScreen = lazyScreen(() => import('../features/analytics/analytics-screen.js').then((module) => module.AnalyticsScreen));
const GeographicAnalyticsScreen = lazyScreen(() => import('../features/geographic-analytics/geographic-analytics-screen.js').then((module) => module.GeographicAnalyticsScreen));
const ContactAnalyticsScreen = lazyScreen(() => import('../features/contact-analytics/contact-analytics-screen.js').then((module) => module.ContactAnalyticsScreen));
const LoginDebugScreen = lazyScreen(() => import('../features/debug/login-debug-screen.js').then((module) => module.LoginDebugScreen));
const MobileTestScreen = lazyScreen(() => import('../features/debug/mobile-test-screen.js').then((module) => module.MobileTestScreen));

/** A route of the table, at its path and its aliases, behind its role gate. */
function route(entry: AppRoute, Screen: Screen): RouteObject[] {
  const handle: RouteHandle = { title: entry.title, ...(entry.public ? { public: true } : {}), preload: Screen.preload };
  const element = (
    <RouteGate route={entry}>
      <Screen />
    </RouteGate>
  );
  return [entry.path, ...(entry.aliases ?? [])].map((path) => ({ path, handle, element }));
}

/** The router of spec §2.1, from the route table (lib/routes.ts). */
export function createAppRouter() {
  const router = createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        { path: '/login', element: <LoginRoute /> },
        { path: '/mobile-login', element: <LoginRoute /> },
        {
          element: <SessionGate />,
          children: [
            ...route(ROUTES.dashboard, DashboardScreen),
            ...route(ROUTES.botUsers, BotUsersScreen),
            ...route(ROUTES.templates, MessageTemplatesScreen),
            ...route(ROUTES.broadcasts, BroadcastsScreen),
            ...route(ROUTES.medicalContacts, MedicalContactsScreen),
            ...route(ROUTES.verification, VerificationScreen),
            ...route(ROUTES.analytics, AnalyticsScreen),
            ...route(ROUTES.geographicAnalytics, GeographicAnalyticsScreen),
            ...route(ROUTES.contactAnalytics, ContactAnalyticsScreen),
            ...route(ROUTES.notifications, NotificationsScreen),
            ...route(ROUTES.botLogs, BotLogsScreen),
            ...route(ROUTES.botSandbox, BotSandboxScreen),
            ...route(ROUTES.accessControl, AccessControlScreen),
            ...route(ROUTES.adminUsers, UserManagementScreen),
            ...route(ROUTES.auditLog, AuditLogScreen),
            ...route(ROUTES.settings, SettingsScreen),
            ...route(ROUTES.loginDebug, LoginDebugScreen),
            ...route(ROUTES.mobileTest, MobileTestScreen),
            { path: '*', handle: { title: 'Page Not Found' } satisfies RouteHandle, element: <NotFoundScreen /> },
          ],
        },
      ],
    },
  ]);
  // With a stored session, the shell and the first screen load while the session is checked, not after it.
  if (getAccessToken()) {
    preloadAppShell();
    for (const match of router.state.matches) void (match.route.handle as RouteHandle | undefined)?.preload?.();
  }
  return router;
}
