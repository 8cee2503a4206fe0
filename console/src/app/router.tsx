import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { getAccessToken } from '../lib/session-tokens.js';
import { NotFoundScreen } from './not-found-screen.js';
import { LoginRoute, preloadAppShell, RootLayout, SessionGate } from './root-layout.js';
import type { RouteHandle } from './route-handle.js';

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

function route(path: string, handle: RouteHandle, Screen: Screen): RouteObject {
  return { path, handle: { ...handle, preload: Screen.preload }, element: <Screen /> };
}

/** The route table of spec §2.1. */
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
            route('/users', { title: 'Bot Users' }, BotUsersScreen),
            route('/', { title: 'Dashboard' }, DashboardScreen),
            route('/dashboard', { title: 'Dashboard' }, DashboardScreen),
            route('/medical-contacts', { title: 'Medical Contacts Database' }, MedicalContactsScreen),
            route('/templates', { title: 'Message Templates' }, MessageTemplatesScreen),
            route('/messaging/templates', { title: 'Message Templates' }, MessageTemplatesScreen),
            route('/messaging/broadcasts', { title: 'Broadcast Messages' }, BroadcastsScreen),
            route('/admin-users', { title: 'User Management' }, UserManagementScreen),
            route('/access-control', { title: 'Access Control' }, AccessControlScreen),
            route('/audit-log', { title: 'Audit Log' }, AuditLogScreen),
            route('/logs', { title: 'Bot Logs' }, BotLogsScreen),
            route('/bot-sandbox', { title: 'Bot Sandbox' }, BotSandboxScreen),
            route('/analytics', { title: 'Analytics Dashboard' }, AnalyticsScreen),
            route('/geographic-analytics', { title: 'Geographic Analytics' }, GeographicAnalyticsScreen),
            route('/contact-analytics', { title: 'Contact Analytics' }, ContactAnalyticsScreen),
            route('/notifications', { title: 'Notifications' }, NotificationsScreen),
            route('/settings', { title: 'Settings' }, SettingsScreen),
            route('/debug', { title: 'Login Debug', public: true }, LoginDebugScreen),
            route('/mobile-test', { title: 'Mobile Auth Test', public: true }, MobileTestScreen),
            route('*', { title: 'Page Not Found' }, NotFoundScreen),
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
